import { describe, expect, it } from 'vitest';
import { CompanyProfile } from '@portal/domain/company';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();

const valid = {
  name: 'TripBridge Travel Group',
  alias: 'TripBridge',
  contactName: 'Alice Admin',
  email: 'office@tripbridge.example',
  phone: { areaCode: '86', number: '13800138000' },
  address: '88 Century Avenue, Pudong, Shanghai',
  website: 'https://tripbridge.example',
  extraInfo: 'Open Monday to Friday',
};

const get = (token: string) => t.app.inject({ url: '/base/v2/company', headers: bearer(token) });
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/base/v2/company', payload, headers: bearer(token) });
const errorPaths = (res: { json(): unknown }) =>
  body<{ errors: { path: string }[] }>(res as never).data.errors.map((e) => e.path);

describe('GET /base/v2/company', () => {
  it("answers the caller's own agency with empty contact fields before any edit", async () => {
    const res = await get(await login(t.app, 'subop'));
    expect(res.statusCode).toBe(200);
    const company = CompanyProfile.parse(body(res).data);
    expect(company).toMatchObject({ id: 2, address: null, email: null, phone: null, canEdit: false });
  });

  it('tells the SuperUser the profile can be edited', async () => {
    const res = await get(await login(t.app, 'admin'));
    expect(body<CompanyProfile>(res).data).toMatchObject({ id: 1, canEdit: true });
  });
});

describe('PUT /base/v2/company', () => {
  it('stores every field for the SuperUser and answers the profile as it now is', async () => {
    const token = await login(t.app, 'admin');
    const res = await put(token, valid);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ id: 1, ...valid, timeZone: 'Asia/Shanghai', canEdit: true });
    expect(body(await get(await login(t.app, 'operator'))).data).toEqual({
      id: 1,
      ...valid,
      timeZone: 'Asia/Shanghai',
      canEdit: false,
    });
    const me = body<{ company: { name: string } }>(
      await t.app.inject({ url: '/base/v2/me', headers: bearer(await login(t.app, 'finance')) }),
    );
    expect(me.data.company.name).toBe(valid.name);
  });

  it('trims texts and stores blank optional fields as null', async () => {
    const token = await login(t.app, 'admin');
    const res = await put(token, {
      ...valid,
      name: '  TB  ',
      alias: ' ',
      contactName: '',
      email: '',
      phone: null,
      website: '',
      extraInfo: null,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      name: 'TB',
      alias: null,
      contactName: null,
      email: null,
      phone: null,
      website: null,
      extraInfo: null,
    });
  });

  it('requires the company address (spec §5) and the company name', async () => {
    const token = await login(t.app, 'admin');
    const blank = await put(token, { ...valid, address: '   ', name: '' });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).code).toBe(100001);
    expect(errorPaths(blank)).toEqual(expect.arrayContaining(['address', 'name']));
    const { address: _address, ...missing } = valid;
    expect((await put(token, missing)).statusCode).toBe(400);
    expect(body(await get(token)).data).toMatchObject({ name: 'TripBridge Travel Group', address: null });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['phone.number', { phone: { areaCode: '86', number: '12345' } }],
    ['website', { website: 'javascript:alert(1)' }],
    ['name', { name: 'x'.repeat(101) }],
    ['extraInfo', { extraInfo: 'x'.repeat(1001) }],
  ])('refuses a bad %s without writing anything', async (path, change) => {
    const token = await login(t.app, 'admin');
    const res = await put(token, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res)).toContain(path);
    expect(body(await get(token)).data).toMatchObject({ address: null });
  });

  it('refuses unknown fields', async () => {
    const res = await put(await login(t.app, 'admin'), { ...valid, parentId: 222 });
    expect(res.statusCode).toBe(400);
  });

  it.each(['operator', 'finance', 'subop'])('refuses %s (not a SuperUser) with 403', async (username) => {
    const res = await put(await login(t.app, username), valid);
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(100003);
    const admin = await login(t.app, 'admin');
    expect(body(await get(admin)).data).toMatchObject({ name: 'TripBridge Travel Group', address: null });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/base/v2/company' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/base/v2/company', payload: valid })).statusCode).toBe(
      401,
    );
  });
});

describe('the agency time zone of /company', () => {
  it('starts in Asia/Shanghai, stores an IANA zone, keeps it when left out and refuses a name that is none', async () => {
    const token = await login(t.app, 'admin');
    expect(body<CompanyProfile>(await get(token)).data.timeZone).toBe('Asia/Shanghai');
    const london = await put(token, { ...valid, timeZone: 'Europe/London' });
    expect(london.statusCode).toBe(200);
    expect(body<CompanyProfile>(london).data.timeZone).toBe('Europe/London');
    expect(body<CompanyProfile>(await put(token, valid)).data.timeZone).toBe('Europe/London');
    for (const timeZone of ['Mars/Olympus', '+08:00', 'Shanghai', '']) {
      const res = await put(token, { ...valid, timeZone });
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['timeZone']);
    }
    expect(body<CompanyProfile>(await get(token)).data.timeZone).toBe('Europe/London');
  });
});
