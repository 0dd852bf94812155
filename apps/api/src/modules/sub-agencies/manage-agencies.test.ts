import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CreatedAgency,
  PARTNER_CODE_PATTERN,
  SubAgency,
  SubAgencyList,
  SuperAdminPasswordReset,
  type CreateAgencyInput,
} from '@portal/domain/agencies';
import { agencies } from '../agencies/index';
import { sessions } from '../auth/index';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { insertGroupOrderFor } from '../group-orders/group-orders.test-helpers';
import { insertTrainOrderFor } from '../train-orders/train-orders.test-helpers';
import { setCreditLimit } from '../wallet/index';
import { fundThroughParents } from '../wallet/wallet.test-helpers';
import { ledgerAccounts } from '../wallet/index';

// The longest session cache allowed: resets and deletions must still take effect on the next call.
const t = useTestApp({ SESSION_CACHE_MS: '10000' });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(token: string, method: Method, url: string, payload?: object, key?: string) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...bearer(token),
      'accept-language': 'en',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

let serial = 0;
const newAgency = (extra: Partial<CreateAgencyInput> = {}): CreateAgencyInput => {
  serial += 1;
  return {
    name: `Harbour Travel ${serial}`,
    alias: `Harbour ${serial}`,
    advisor: 'Wendy Advisor',
    contactName: 'Mei Lin',
    email: `ops${serial}@harbour.example`,
    phone: { areaCode: '852', number: '91234567' },
    allowedDomains: ['harbour.example', '*.harbour.example'],
    extraInfo: 'Kowloon office',
    superAdminUsername: `harbour${serial}.admin`,
    ...extra,
  };
};

async function create(token: string, input: CreateAgencyInput): Promise<CreatedAgency> {
  const res = await call(token, 'POST', '/base/v2/agencies', input);
  expect(res.statusCode, res.body).toBe(200);
  return CreatedAgency.parse(body(res).data);
}

async function tree(token: string, query = ''): Promise<SubAgencyList> {
  const res = await call(token, 'GET', `/base/v2/agencies${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return SubAgencyList.parse(body(res).data);
}

/** Logs the new super admin in and replaces the temporary password; answers a working token. */
async function activate(created: CreatedAgency, password = 'chosen123'): Promise<string> {
  const token = await login(t.app, created.superAdmin.username, created.superAdmin.temporaryPassword ?? '');
  const res = await call(token, 'PUT', '/base/v2/me/password', {
    oldPassword: created.superAdmin.temporaryPassword,
    newPassword: password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

async function allowSubAgencies(agencyId: number) {
  const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new Error('no agency');
  await t.database.db
    .update(agencies)
    .set({ commonConfig: { ...row.commonConfig, canCreateSubAgency: true } })
    .where(eq(agencies.id, agencyId));
}

const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code: number }).code;

describe('the sub-agency tree', () => {
  it("lists the caller's sub-agencies with their children, wallets and search", async () => {
    const admin = await login(t.app, 'admin');
    const a = await create(admin, newAgency({ name: 'Alpha Tours' }));
    const b = await create(admin, newAgency({ name: 'Beta Trips' }));
    await allowSubAgencies(a.agency.id);
    const c = await create(admin, newAgency({ name: 'Gamma Travel', parentId: a.agency.id }));
    await t.database.db.transaction((tx) =>
      fundThroughParents(tx, {
        agencyId: a.agency.id,
        currency: 'CNY',
        amountMinor: 123_45,
        reference: 'T-1',
      }),
    );
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: a.agency.id, currency: 'CNY', creditLimitMinor: 1000_00 }),
    );

    const all = await tree(admin);
    expect(all.list.map((n) => n.name)).toEqual(['TripBridge East Branch', 'Alpha Tours', 'Beta Trips']);
    expect(all.total).toBe(3);
    const alpha = all.list[1];
    expect(alpha).toMatchObject({
      id: a.agency.id,
      childrenCount: 1,
      proxyLevel: 1,
      parentId: 1,
      canCreateSubAgency: true,
      wallet: {
        currency: 'CNY',
        balance: { amount: '123.45', currency: 'CNY' },
        creditLimit: { amount: '1000.00', currency: 'CNY' },
        available: { amount: '1123.45', currency: 'CNY' },
      },
      superAdmin: { id: a.superAdmin.id, username: a.superAdmin.username },
    });
    expect(alpha?.children.map((n) => [n.id, n.proxyLevel, n.parentId])).toEqual([
      [c.agency.id, 2, a.agency.id],
    ]);
    expect(all.list[2]?.children).toEqual([]);

    // Search reaches every level, by name, partner code, contact, e-mail and phone.
    expect((await tree(admin, '?keyword=gamma')).list.map((n) => n.id)).toEqual([c.agency.id]);
    expect(
      (await tree(admin, `?keyword=${b.agency.partnerCode.toLowerCase()}`)).list.map((n) => n.id),
    ).toEqual([b.agency.id]);
    expect((await tree(admin, '?keyword=harbour.example')).total).toBe(3);
    expect((await tree(admin, '?keyword=%25')).total).toBe(0);
    // Deeper levels by parent, and paging.
    expect((await tree(admin, `?parentId=${a.agency.id}`)).list.map((n) => n.id)).toEqual([c.agency.id]);
    const second = await tree(admin, '?page=2&pageSize=2');
    expect(second.list.map((n) => n.id)).toEqual([b.agency.id]);
    expect(second.total).toBe(3);

    // Finance of the agency manager reads the tree; its operator and the sub-agencies may not.
    expect((await tree(await login(t.app, 'finance'))).total).toBe(3);
    for (const username of ['operator', 'subop', 'trainop', 'partner']) {
      const res = await call(await login(t.app, username), 'GET', '/base/v2/agencies');
      expect([username, res.statusCode]).toEqual([username, 403]);
    }
    const otherTree = await call(admin, 'GET', '/base/v2/agencies?parentId=222');
    expect(otherTree.statusCode).toBe(404);
  });
});

describe('creating a sub-agency', () => {
  it('generates a unique partner code, a wallet and a super admin who must change the password', async () => {
    const admin = await login(t.app, 'admin');
    const first = await create(admin, newAgency());
    const second = await create(admin, newAgency());
    expect(first.agency.partnerCode).toMatch(PARTNER_CODE_PATTERN);
    expect(second.agency.partnerCode).not.toBe(first.agency.partnerCode);
    expect(first.agency).toMatchObject({
      parentId: 1,
      proxyLevel: 1,
      advisor: 'Wendy Advisor',
      contactName: 'Mei Lin',
      phone: { areaCode: '852', number: '91234567' },
      allowedDomains: ['harbour.example', '*.harbour.example'],
      canCreateSubAgency: false,
      wallet: { currency: 'CNY', available: { amount: '0.00', currency: 'CNY' } },
      childrenCount: 0,
      logo: null,
    });
    const temporary = first.superAdmin.temporaryPassword ?? '';
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);

    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, first.agency.id));
    expect(row?.commonConfig).toMatchObject({
      enableFlightService: true,
      enableTrainService: false,
      canCreateSubAgency: false,
      settlementCurrency: 'CNY',
    });
    expect(row?.flightSettings.priceAdjustments).toEqual([]);
    const wallets = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.agencyId, first.agency.id));
    expect(wallets.map((w) => `${w.kind}:${w.currency}`)).toContain('agency_wallet:CNY');

    // The super admin signs in with the temporary password and must change it first.
    const login1 = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: first.superAdmin.username, password: temporary },
    });
    expect(login1.statusCode).toBe(200);
    const session = body<{ token: string; userInfo: { role: string[]; mustChangePassword?: boolean } }>(
      login1,
    ).data;
    expect(session.userInfo).toMatchObject({ role: ['SuperUser'], mustChangePassword: true });
    const blocked = await call(session.token, 'GET', '/base/v2/users');
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([403, 201006]);
    expect((await call(session.token, 'GET', '/base/v2/me')).statusCode).toBe(200);
    const changed = await call(session.token, 'PUT', '/base/v2/me/password', {
      oldPassword: temporary,
      newPassword: 'chosen123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const users1 = await call(session.token, 'GET', '/base/v2/users');
    expect(users1.statusCode, users1.body).toBe(200);
    const me = await call(session.token, 'GET', '/base/v2/me');
    expect(body<{ userInfo: object }>(me).data.userInfo).not.toHaveProperty('mustChangePassword');
  });

  it('refuses a taken username, a parent that may not have sub-agencies and another tenant', async () => {
    const admin = await login(t.app, 'admin');
    const taken = await call(admin, 'POST', '/base/v2/agencies', newAgency({ superAdminUsername: 'SubOp' }));
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, 201020]);
    const underBranch = await call(admin, 'POST', '/base/v2/agencies', newAgency({ parentId: 2 }));
    expect([underBranch.statusCode, codeOf(underBranch)]).toEqual([409, 201034]);
    const foreign = await call(admin, 'POST', '/base/v2/agencies', newAgency({ parentId: 222 }));
    expect(foreign.statusCode).toBe(404);
    const bad = await call(admin, 'POST', '/base/v2/agencies', {
      ...newAgency(),
      allowedDomains: ['https://evil.example/x'],
      phone: { areaCode: '86', number: '12345' },
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 100001]);
    const paths = body<{ errors: { path: string }[] }>(bad).data.errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['allowedDomains.0', 'phone.number']));
    // Only agency managers' SuperUsers create.
    const finance = await call(await login(t.app, 'finance'), 'POST', '/base/v2/agencies', newAgency());
    expect(finance.statusCode).toBe(403);
    const count = await t.database.db.select().from(agencies);
    expect(count.length).toBe(4);
  });

  it('a replayed Idempotency-Key answers the same agency without showing the password again', async () => {
    const admin = await login(t.app, 'admin');
    const input = newAgency();
    const first = await call(admin, 'POST', '/base/v2/agencies', input, 'create-1');
    const again = await call(admin, 'POST', '/base/v2/agencies', input, 'create-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const a = CreatedAgency.parse(body(first).data);
    const b = CreatedAgency.parse(body(again).data);
    expect(b.agency.id).toBe(a.agency.id);
    expect(a.superAdmin.temporaryPassword).toMatch(/^\w{12}$/);
    expect(b.superAdmin.temporaryPassword).toBeNull();
    expect(first.body).not.toBe(again.body);
    const rows = await t.database.db.select().from(agencies).where(eq(agencies.name, input.name));
    expect(rows).toHaveLength(1);
  });
});

describe('editing a sub-agency', () => {
  it('edits the fields of a child or grandchild; the own agency and other tenants cannot be reached', async () => {
    const admin = await login(t.app, 'admin');
    const a = await create(admin, newAgency());
    await allowSubAgencies(a.agency.id);
    const c = await create(admin, newAgency({ parentId: a.agency.id }));
    const edit = {
      name: 'Renamed Travel',
      alias: '',
      advisor: 'New Advisor',
      contactName: 'Li Na',
      email: 'li.na@renamed.example',
      phone: null,
      allowedDomains: ['renamed.example'],
      extraInfo: null,
    };
    const res = await call(admin, 'PUT', `/base/v2/agencies/${c.agency.id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(SubAgency.parse(body(res).data)).toMatchObject({
      ...edit,
      alias: null,
      partnerCode: c.agency.partnerCode,
      parentId: a.agency.id,
      proxyLevel: 2,
    });

    expect((await call(admin, 'PUT', '/base/v2/agencies/1', edit)).statusCode).toBe(403);
    for (const id of [3, 222, 999_999]) {
      expect([id, (await call(admin, 'PUT', `/base/v2/agencies/${id}`, edit)).statusCode]).toEqual([id, 404]);
    }
    // The sub-agency's own SuperUser is not an agency manager (level 1): 403.
    const subAdmin = await activate(a);
    expect((await call(subAdmin, 'PUT', `/base/v2/agencies/${c.agency.id}`, edit)).statusCode).toBe(403);
    expect((await call(subAdmin, 'GET', '/base/v2/agencies')).statusCode).toBe(403);
  });

  it('moves a leaf under another allowed parent and refuses a parent that may not have sub-agencies', async () => {
    const admin = await login(t.app, 'admin');
    const a = await create(admin, newAgency());
    const b = await create(admin, newAgency());
    const fields = (x: CreatedAgency) => ({
      name: x.agency.name,
      contactName: 'Mei Lin',
      email: x.agency.email ?? '',
    });
    const refused = await call(admin, 'PUT', `/base/v2/agencies/${b.agency.id}`, {
      ...fields(b),
      parentId: a.agency.id,
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 201034]);
    await allowSubAgencies(a.agency.id);
    const moved = await call(admin, 'PUT', `/base/v2/agencies/${b.agency.id}`, {
      ...fields(b),
      parentId: a.agency.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(SubAgency.parse(body(moved).data)).toMatchObject({ parentId: a.agency.id, proxyLevel: 2 });
    // An agency with sub-agencies stays where it is.
    const stuck = await call(admin, 'PUT', `/base/v2/agencies/${a.agency.id}`, { ...fields(a), parentId: 2 });
    expect(stuck.statusCode).toBe(409);
    const self = await call(admin, 'PUT', `/base/v2/agencies/${b.agency.id}`, {
      ...fields(b),
      parentId: b.agency.id,
    });
    expect(self.statusCode).toBe(409);
  });
});

describe('deleting a sub-agency', () => {
  async function expectRefused(token: string, id: number, code: number) {
    const res = await call(token, 'DELETE', `/base/v2/agencies/${id}`);
    expect([res.statusCode, codeOf(res)], res.body).toEqual([409, code]);
    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, id));
    expect(row?.deletedAt).toBeNull();
    const staff = await t.database.db.select().from(users).where(eq(users.agencyId, id));
    expect(staff.every((u) => u.status === 'active')).toBe(true);
  }

  it('is refused with money, credit, orders or sub-agencies, and changes nothing then', async () => {
    const admin = await login(t.app, 'admin');
    const withMoney = await create(admin, newAgency());
    await t.database.db.transaction((tx) =>
      fundThroughParents(tx, {
        agencyId: withMoney.agency.id,
        currency: 'CNY',
        amountMinor: 1,
        reference: 'R',
      }),
    );
    await expectRefused(admin, withMoney.agency.id, 201030);

    const withCredit = await create(admin, newAgency());
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: withCredit.agency.id, currency: 'CNY', creditLimitMinor: 100 }),
    );
    await expectRefused(admin, withCredit.agency.id, 201031);

    const withChild = await create(admin, newAgency());
    await allowSubAgencies(withChild.agency.id);
    await create(admin, newAgency({ parentId: withChild.agency.id }));
    await expectRefused(admin, withChild.agency.id, 201033);

    const withOrders = await create(admin, newAgency());
    const booker = await activate(withOrders);
    await bookOne(t.app, booker);
    await expectRefused(admin, withOrders.agency.id, 201032);

    // A group or a train order counts as much as a flight order.
    const withGroupOrder = await create(admin, newAgency());
    await insertGroupOrderFor(t.database.db, withGroupOrder.agency.id, withGroupOrder.superAdmin.id, {
      status: 'canceled',
    });
    await expectRefused(admin, withGroupOrder.agency.id, 201032);

    const withTrainOrder = await create(admin, newAgency());
    await insertTrainOrderFor(
      t.database.db,
      withTrainOrder.agency.id,
      withTrainOrder.superAdmin.id,
      'ZHANG SAN',
    );
    await expectRefused(admin, withTrainOrder.agency.id, 201032);
  }, 60_000);

  it('deletes an empty agency with its users and sessions in one go', async () => {
    const admin = await login(t.app, 'admin');
    const gone = await create(admin, newAgency());
    const token = await activate(gone);
    // Money that came and went leaves ledger rows behind: the agency row stays for them.
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: gone.agency.id, currency: 'CNY', creditLimitMinor: 100 }),
    );
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: gone.agency.id, currency: 'CNY', creditLimitMinor: 0 }),
    );
    expect((await call(token, 'GET', '/base/v2/me')).statusCode).toBe(200);

    const res = await call(admin, 'DELETE', `/base/v2/agencies/${gone.agency.id}`);
    expect(res.statusCode, res.body).toBe(200);

    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, gone.agency.id));
    expect(row?.deletedAt).not.toBeNull();
    const [admin2] = await t.database.db.select().from(users).where(eq(users.agencyId, gone.agency.id));
    expect(admin2?.status).toBe('deleted');
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, gone.superAdmin.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    // At once, despite the 10 s session cache.
    expect((await call(token, 'GET', '/base/v2/me')).statusCode).toBe(403);
    expect((await tree(admin)).list.map((n) => n.id)).not.toContain(gone.agency.id);
    expect((await call(admin, 'DELETE', `/base/v2/agencies/${gone.agency.id}`)).statusCode).toBe(404);
    const edit = { name: 'Back again', contactName: 'X', email: 'x@example.com' };
    expect((await call(admin, 'PUT', `/base/v2/agencies/${gone.agency.id}`, edit)).statusCode).toBe(404);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: gone.superAdmin.username, password: 'chosen123' },
    });
    expect(relogin.statusCode).toBe(403);
  });

  it('never deletes a parent while a child is created under it at the same time', async () => {
    const admin = await login(t.app, 'admin');
    for (let round = 0; round < 3; round += 1) {
      const parent = await create(admin, newAgency());
      await allowSubAgencies(parent.agency.id);
      const [removed, child] = await Promise.all([
        call(admin, 'DELETE', `/base/v2/agencies/${parent.agency.id}`),
        call(admin, 'POST', '/base/v2/agencies', newAgency({ parentId: parent.agency.id })),
      ]);
      // One of them wins; never a deleted agency with a live child.
      expect([removed.statusCode, child.statusCode].sort()).toEqual(
        removed.statusCode === 200 ? [200, 404] : [200, 409],
      );
      const live = await t.database.db.select().from(agencies).where(eq(agencies.parentId, parent.agency.id));
      const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, parent.agency.id));
      expect(row?.deletedAt === null || live.length === 0).toBe(true);
    }
  });

  it('refuses the own agency and other tenants', async () => {
    const admin = await login(t.app, 'admin');
    expect((await call(admin, 'DELETE', '/base/v2/agencies/1')).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', '/base/v2/agencies/222')).statusCode).toBe(404);
    expect((await call(await login(t.app, 'finance'), 'DELETE', '/base/v2/agencies/2')).statusCode).toBe(403);
  });
});

describe("resetting a sub-agency's super admin password", () => {
  it('shows a new temporary password once and ends every session of that user at once', async () => {
    const admin = await login(t.app, 'admin');
    const created = await create(admin, newAgency());
    const token = await activate(created);
    expect((await call(token, 'GET', '/base/v2/users')).statusCode).toBe(200);

    const res = await call(admin, 'POST', `/base/v2/agencies/${created.agency.id}/superuser/password`);
    expect(res.statusCode, res.body).toBe(200);
    const reset = SuperAdminPasswordReset.parse(body(res).data);
    expect(reset).toMatchObject({ userId: created.superAdmin.id, username: created.superAdmin.username });

    const after = await call(token, 'GET', '/base/v2/users');
    expect([after.statusCode, codeOf(after)]).toEqual([401, 200006]);
    const old = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: reset.username, password: 'chosen123' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await login(t.app, reset.username, reset.temporaryPassword);
    const blocked = await call(fresh, 'GET', '/base/v2/users');
    expect(codeOf(blocked)).toBe(201006);
  });

  it('reaches only agencies below the caller', async () => {
    const admin = await login(t.app, 'admin');
    const own = await call(admin, 'POST', '/base/v2/agencies/1/superuser/password');
    expect(own.statusCode).toBe(403);
    const other = await call(admin, 'POST', '/base/v2/agencies/222/superuser/password');
    expect(other.statusCode).toBe(404);
    // A sub-agency without any SuperUser: nothing to reset.
    const none = await call(admin, 'POST', '/base/v2/agencies/2/superuser/password');
    expect(none.statusCode).toBe(404);
  });
});
