import { describe, expect, it } from 'vitest';
import { MeResult } from '@portal/domain/auth';
import { bearer, body, login, useTestApp } from '../../test/app';

/** Spec §5 favourites rules on PUT /base/v2/me/config/{key}: a refusal changes nothing. */
const t = useTestApp();

const put = (token: string, key: string, value: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/base/v2/me/config/${key}`,
    payload: { value },
    headers: bearer(token),
  });

async function configOf(token: string) {
  const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
  return MeResult.parse(body(res).data).userInfo.config;
}

describe('personal config rules', () => {
  it.each([
    ['countries', []],
    ['cities', ['sha']],
    [
      'cities',
      Array.from(
        { length: 51 },
        (_, i) => `C${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      ),
    ],
    ['countries', ['CHN']],
    ['passengers', Array.from({ length: 31 }, (_, i) => `P${i}`)],
    ['dateFormat', 'YYYY-MM-DD HH:mm'],
    ['dateFormat', ['SHA']],
    ['defaultRegion', '+86'],
    ['cities', 'SHA'],
  ])('refuses %s = %j with 100001 and keeps the saved value', async (key, value) => {
    const token = await login(t.app, 'operator');
    expect((await put(token, 'cities', ['SHA'])).statusCode).toBe(200);
    expect((await put(token, 'countries', ['CN'])).statusCode).toBe(200);
    const before = await configOf(token);
    const res = await put(token, key, value);
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
    expect(await configOf(token)).toEqual(before);
  });

  it('accepts 30 frequent passengers and each offered date format', async () => {
    const token = await login(t.app, 'operator');
    const thirty = Array.from({ length: 30 }, (_, i) => `P${i}`);
    expect((await put(token, 'passengers', thirty)).statusCode).toBe(200);
    for (const format of ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy/MM/dd']) {
      expect((await put(token, 'dateFormat', format)).statusCode).toBe(200);
    }
    expect(await configOf(token)).toMatchObject({ passengers: thirty, dateFormat: 'yyyy/MM/dd' });
  });

  it("keeps one user's favourites away from another user of the same agency", async () => {
    const operator = await login(t.app, 'operator');
    await put(operator, 'cities', ['CTU']);
    expect((await configOf(await login(t.app, 'finance'))).cities).toBeUndefined();
  });
});
