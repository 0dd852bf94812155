import { describe, expect, it } from 'vitest';
import type { FrequentPassenger, MemberCard } from '@portal/domain/frequent-passengers';
import { ERRORS } from '@portal/domain/errors';
import { bearer, body, login, useTestApp } from '../../test/app';
import { passengerBody } from './passengers.test-helpers';

const t = useTestApp();
const URL = '/base/v2/often-used-passengers';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

async function create(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: URL, headers: bearer(token), payload });
}

describe('often-used passengers', () => {
  it('creates, lists with keyword and paging, updates and deletes', async () => {
    const token = await login(t.app);
    const created = await create(
      token,
      passengerBody(1, { travel_document: passengerBody(1).travel_document }),
    );
    expect(created.statusCode).toBe(200);
    const p = body<FrequentPassenger>(created).data;
    expect(p).toMatchObject({ surname: 'ZHANG', given_names: 'SAN BA', birthday: '1985-03-14' });
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.travel_document).toMatchObject({
      type: 'chinese-passport',
      number: 'E10000001',
      issuingPlace: null,
    });
    await create(token, passengerBody(2, { surname: 'LI' }));

    const all = body<Page<FrequentPassenger>>(await t.app.inject({ url: URL, headers: bearer(token) })).data;
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const byName = await t.app.inject({ url: `${URL}?keyword=li`, headers: bearer(token) });
    expect(body<Page<FrequentPassenger>>(byName).data.list.map((x) => x.surname)).toEqual(['LI']);
    const byNumber = await t.app.inject({ url: `${URL}?keyword=e10000001`, headers: bearer(token) });
    expect(body<Page<FrequentPassenger>>(byNumber).data.list.map((x) => x.id)).toEqual([p.id]);
    const paged = await t.app.inject({ url: `${URL}?page=2&pageSize=1`, headers: bearer(token) });
    expect(body<Page<FrequentPassenger>>(paged).data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(body<Page<FrequentPassenger>>(paged).data.list).toHaveLength(1);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `${URL}/${p.id}`,
      headers: bearer(token),
      payload: { email: 'zhang@example.com', given_names: 'Si' },
    });
    expect(updated.statusCode).toBe(200);
    expect(body<FrequentPassenger>(updated).data).toMatchObject({
      given_names: 'SI',
      email: 'zhang@example.com',
    });

    const removed = await t.app.inject({ method: 'DELETE', url: `${URL}/${p.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `${URL}/${p.id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a bad document number, a future birthday and a type mismatch with field errors', async () => {
    const token = await login(t.app);
    const bad = await create(token, {
      ...passengerBody(),
      travel_document: { ...passengerBody().travel_document, number: 'X123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      code: ERRORS.ILLEGAL_INPUT.code,
      data: { errors: [{ path: 'travel_document.number', message: 'passenger.documentNumber.invalid' }] },
    });
    const future = await create(token, passengerBody(0, { birthday: '2999-01-01' }));
    expect(body<{ errors: { path: string }[] }>(future).data.errors.map((e) => e.path)).toEqual(['birthday']);
    const mismatch = await create(token, {
      ...passengerBody(),
      travel_document: { ...passengerBody().travel_document, type: 'passport' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(body<{ errors: { path: string }[] }>(mismatch).data.errors[0]?.path).toBe('travel_document.type');
    const updateBad = await create(token, passengerBody());
    const id = body<FrequentPassenger>(updateBad).data.id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: bearer(token),
      payload: { surname: 'Zhang3' },
    });
    expect(put.statusCode).toBe(400);
  });

  it('refuses a phone that is not a number of its area code, and keeps a valid one', async () => {
    const token = await login(t.app);
    const bad = await create(
      token,
      passengerBody(0, { phone: { areaCode: '86', number: "O'BRIEN 2026-02-30" } }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(body(bad)).toMatchObject({
      code: ERRORS.ILLEGAL_INPUT.code,
      data: { errors: [{ path: 'phone.number', message: 'passenger.phone.invalid' }] },
    });
    const good = await create(token, passengerBody(0, { phone: { areaCode: '86', number: '13812345678' } }));
    expect(good.statusCode, good.body).toBe(200);
    expect(body<FrequentPassenger>(good).data.phone).toEqual({ areaCode: '86', number: '13812345678' });
  });

  it("takes a birthday of today in the agency's time zone, though UTC is still on the day before", async () => {
    // 18:00 UTC on 10 March is 02:00 on 11 March in Beijing, where the agency is.
    const app = await t.build({}, () => new Date('2025-03-10T18:00:00Z'));
    const post = async (birthday: string) =>
      app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(await login(app)),
        payload: passengerBody(0, { birthday }),
      });
    expect((await post('2025-03-11')).statusCode).toBe(200);
    expect(body(await post('2025-03-12')).data).toEqual({
      errors: [{ path: 'birthday', message: 'passenger.birthday.afterToday' }],
    });
  });

  it('refuses impossible and out-of-range dates with field paths, before any write', async () => {
    const token = await login(t.app);
    const doc = passengerBody().travel_document;
    const cases: [object, string][] = [
      [{ travel_document: { ...doc, expiryDate: '2031-02-30' } }, 'travel_document.expiryDate'],
      [{ travel_document: { ...doc, expiryDate: '9999-12-31' } }, 'travel_document.expiryDate'],
      [{ birthday: '1985-02-29' }, 'birthday'],
      [{ birthday: '1899-12-31' }, 'birthday'],
      [{ birthday: '0000-01-01' }, 'birthday'],
    ];
    for (const [override, path] of cases) {
      const res = await create(token, { ...passengerBody(), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(body(res)).toMatchObject({ code: ERRORS.ILLEGAL_INPUT.code, data: { errors: [{ path }] } });
    }
    // Not after today (spec §5) keeps its rule key.
    const future = await create(token, passengerBody(0, { birthday: '2199-01-01' }));
    expect(body(future).data).toEqual({
      errors: [{ path: 'birthday', message: 'passenger.birthday.afterToday' }],
    });
    const saved = body<FrequentPassenger>(await create(token, passengerBody())).data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${URL}/${saved.id}`,
      headers: bearer(token),
      payload: { travel_document: { ...doc, expiryDate: '2031-04-31' } },
    });
    expect(put.statusCode).toBe(400);
    const card = await t.app.inject({
      method: 'POST',
      url: '/base/v2/member-cards',
      headers: bearer(token),
      payload: {
        airline: 'CA',
        number: 'CA1234567',
        surname: 'ZHANG',
        given_names: 'SAN',
        expiryDate: '2030-02-30',
      },
    });
    expect(card.statusCode).toBe(400);
    expect(body(card)).toMatchObject({ data: { errors: [{ path: 'expiryDate' }] } });
    const list = body<Page<FrequentPassenger>>(await t.app.inject({ url: URL, headers: bearer(token) })).data;
    expect(list.list.map((p) => p.travel_document.expiryDate)).toEqual([doc.expiryDate]);
  });

  it('refuses bad paging, wrong types and unknown fields with 400, never 500', async () => {
    const token = await login(t.app);
    for (const query of ['page=0', 'pageSize=101', 'page=abc', 'keyword=' + 'x'.repeat(65)]) {
      const res = await t.app.inject({ url: `${URL}?${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
    }
    for (const payload of [{ surname: 1 }, { ...passengerBody(), travel_document: 'E1' }, []]) {
      const res = await create(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBe(ERRORS.ILLEGAL_INPUT.code);
    }
    const longId = await t.app.inject({
      method: 'PUT',
      url: `${URL}/${'a'.repeat(65)}`,
      headers: bearer(token),
      payload: { surname: 'LI' },
    });
    expect(longId.statusCode).toBe(400);
  });

  it('keeps at most 30 per user, also when creates race', async () => {
    const token = await login(t.app);
    for (let n = 0; n < 28; n++) expect((await create(token, passengerBody(n))).statusCode).toBe(200);
    // Three at once for the last two places: exactly two succeed.
    const racing = await Promise.all([28, 29, 30].map((n) => create(token, passengerBody(n))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const over = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: passengerBody(31),
    });
    expect(over.statusCode).toBe(409);
    expect(body(over)).toMatchObject({
      code: ERRORS.FREQUENT_PASSENGER_LIMIT.code,
      message: 'At most 30 frequent passengers can be saved',
    });
    const list = await t.app.inject({ url: URL, headers: bearer(token) });
    expect(body<Page<FrequentPassenger>>(list).data.total).toBe(30);
    // Another user of the same agency has their own 30.
    const operator = await login(t.app, 'operator');
    expect((await create(operator, passengerBody(40))).statusCode).toBe(200);
  });

  it('isolates users and agencies: another user sees, changes and deletes nothing', async () => {
    const admin = await login(t.app);
    const id = body<FrequentPassenger>(await create(admin, passengerBody())).data.id;
    for (const username of ['operator', 'subop', 'partner']) {
      const other = await login(t.app, username);
      const list = await t.app.inject({ url: URL, headers: bearer(other) });
      expect(body<Page<FrequentPassenger>>(list).data.total).toBe(0);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${URL}/${id}`,
        headers: bearer(other),
        payload: { surname: 'EVIL' },
      });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: bearer(other) });
      expect(del.statusCode).toBe(404);
    }
    const mine = await t.app.inject({ url: URL, headers: bearer(admin) });
    expect(body<Page<FrequentPassenger>>(mine).data.list[0]?.surname).toBe('ZHANG');
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});

describe('member cards', () => {
  const CARDS = '/base/v2/member-cards';
  const card = { airline: 'CA', number: 'ca1234567', surname: 'Zhang', given_names: 'San', tier: 'Gold' };

  it('creates, lists, updates and deletes, linked to an own passenger only', async () => {
    const admin = await login(t.app);
    const passengerId = body<FrequentPassenger>(await create(admin, passengerBody())).data.id;
    const created = await t.app.inject({
      method: 'POST',
      url: CARDS,
      headers: bearer(admin),
      payload: { ...card, frequentPassengerId: passengerId },
    });
    expect(created.statusCode).toBe(200);
    const c = body<MemberCard>(created).data;
    expect(c).toMatchObject({
      airline: 'CA',
      number: 'CA1234567',
      surname: 'ZHANG',
      tier: 'Gold',
      expiryDate: null,
    });
    expect(c.frequentPassengerId).toBe(passengerId);

    const list = await t.app.inject({ url: `${CARDS}?keyword=1234`, headers: bearer(admin) });
    expect(body<Page<MemberCard>>(list).data).toMatchObject({ total: 1, page: 1 });
    const put = await t.app.inject({
      method: 'PUT',
      url: `${CARDS}/${c.id}`,
      headers: bearer(admin),
      payload: { tier: 'Platinum', expiryDate: '2030-12-31' },
    });
    expect(body<MemberCard>(put).data).toMatchObject({ tier: 'Platinum', expiryDate: '2030-12-31' });

    const badAirline = await t.app.inject({
      method: 'POST',
      url: CARDS,
      headers: bearer(admin),
      payload: { ...card, airline: 'air' },
    });
    expect(badAirline.statusCode).toBe(400);
    expect(body<{ errors: { path: string }[] }>(badAirline).data.errors[0]?.path).toBe('airline');

    const operator = await login(t.app, 'operator');
    const foreignLink = await t.app.inject({
      method: 'POST',
      url: CARDS,
      headers: bearer(operator),
      payload: { ...card, frequentPassengerId: passengerId },
    });
    expect(foreignLink.statusCode).toBe(400);
    expect(
      body<Page<MemberCard>>(await t.app.inject({ url: CARDS, headers: bearer(operator) })).data.total,
    ).toBe(0);
    const foreignPut = await t.app.inject({
      method: 'PUT',
      url: `${CARDS}/${c.id}`,
      headers: bearer(operator),
      payload: { tier: 'x' },
    });
    expect(foreignPut.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${CARDS}/${c.id}`, headers: bearer(operator) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${CARDS}/${c.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(200);
  });
});
