import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CreatedUser, ManagedUser, PasswordResetResult, UserList } from '@portal/domain/users';
import { userLogs, users } from './users.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';

// The longest session cache allowed: changes must still take effect on the next call.
const t = useTestApp({ SESSION_CACHE_MS: '10000' });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(token: string, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

const me = (token: string) => call(token, 'GET', '/base/v2/me');

async function idOf(username: string): Promise<number> {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function listOf(token: string, query = ''): Promise<UserList> {
  const res = await call(token, 'GET', `/base/v2/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return UserList.parse(body(res).data);
}

const newUser = (extra: object = {}) => ({
  username: 'newagent',
  nickname: 'New Agent',
  email: 'new.agent@example.com',
  mobile: { areaCode: '852', number: '91234567' },
  roles: ['operator'],
  status: 'active',
  password: 'secret12',
  ...extra,
});

async function loginCode(username: string, password: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password } });
  return body(res).code;
}

/** The code a user signed in with `password` gets for an ordinary call (the notice list). */
async function firstCallCode(username: string, password: string): Promise<number> {
  const token = await login(t.app, username, password);
  return body(await call(token, 'GET', '/base/v2/notifications')).code;
}

describe('listing the agency users', () => {
  it("shows the caller's agency users only, with keyword, role and status filters and paging", async () => {
    const admin = await login(t.app, 'admin');
    const all = await listOf(admin);
    expect(all.list.map((u) => u.username)).toEqual(['admin', 'operator', 'finance']);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20, canManage: true });
    expect(all.list[0]).not.toHaveProperty('config');
    expect((await listOf(admin, '?keyword=fiona')).list.map((u) => u.username)).toEqual(['finance']);
    expect((await listOf(admin, '?keyword=%25')).total).toBe(0);
    expect((await listOf(admin, '?role=operator')).list.map((u) => u.username)).toEqual(['operator']);
    expect((await listOf(admin, '?status=disabled')).total).toBe(0);
    const second = await listOf(admin, '?page=2&pageSize=2');
    expect(second.list.map((u) => u.username)).toEqual(['finance']);
    expect(second.total).toBe(3);
  });

  it('lets every user of the agency list, read-only', async () => {
    const operator = await login(t.app, 'operator');
    const list = await listOf(operator);
    expect(list.total).toBe(3);
    expect(list.canManage).toBe(false);
    const sub = await listOf(await login(t.app, 'subop'));
    expect(sub.list.map((u) => u.username)).toEqual(['subop']);
  });

  it('refuses a bad filter with 100001', async () => {
    const res = await call(await login(t.app, 'admin'), 'GET', '/base/v2/users?status=gone');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
  });
});

describe('adding a user', () => {
  it('creates a user of the caller agency who can sign in with the given password', async () => {
    const admin = await login(t.app, 'admin');
    const res = await call(admin, 'POST', '/base/v2/users', newUser());
    expect(res.statusCode, res.body).toBe(200);
    const created = CreatedUser.parse(body(res).data);
    expect(created.temporaryPassword).toBeNull();
    expect(created.user).toMatchObject({
      username: 'newagent',
      agencyId: 1,
      role: ['operator'],
      status: 'active',
      mobile: { areaCode: '852', number: '91234567' },
    });
    expect(res.body).not.toContain('secret12');
    const token = await login(t.app, 'newagent', 'secret12');
    expect(body(await me(token)).code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'newagent'));
    expect(row?.permissions).toEqual(['orders:read', 'orders:write']);
    const logged = await t.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.action, 'user_create'), eq(userLogs.target, String(created.user.id))));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.userId).toBe(await idOf('admin'));
  });

  it('generates a 6-15 character password when none is given and shows it once', async () => {
    const admin = await login(t.app, 'admin');
    const res = await call(admin, 'POST', '/base/v2/users', newUser({ password: undefined }));
    const created = CreatedUser.parse(body(res).data);
    const password = created.temporaryPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(6);
    expect(password.length).toBeLessThanOrEqual(15);
    expect(await loginCode('newagent', password)).toBe(0);
    // A generated password must be replaced before anything else.
    expect(await firstCallCode('newagent', password)).toBe(201006);
  });

  it('lets a user given a password by the SuperUser work with it at once', async () => {
    const admin = await login(t.app, 'admin');
    expect((await call(admin, 'POST', '/base/v2/users', newUser())).statusCode).toBe(200);
    expect(await firstCallCode('newagent', 'secret12')).toBe(0);
  });

  it('refuses a username already taken in any agency, whatever its case', async () => {
    const admin = await login(t.app, 'admin');
    for (const username of ['Operator', 'subop']) {
      const res = await call(admin, 'POST', '/base/v2/users', newUser({ username }));
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ code: 201020, message: 'This username is already taken' });
    }
  });

  it('requires a role, a 6-15 character password and known fields', async () => {
    const admin = await login(t.app, 'admin');
    const bad = [
      newUser({ roles: [] }),
      newUser({ roles: ['admin'] }),
      newUser({ password: '12345' }),
      newUser({ password: '1234567890123456' }),
      newUser({ email: 'not an email' }),
      newUser({ status: 'deleted' }),
      newUser({ permissions: ['all'] }),
    ];
    for (const payload of bad) {
      const res = await call(admin, 'POST', '/base/v2/users', payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(body(res).code).toBe(100001);
    }
    expect((await listOf(admin)).total).toBe(3);
  });

  it('is refused to users who are not SuperUser', async () => {
    for (const username of ['operator', 'finance']) {
      const res = await call(await login(t.app, username), 'POST', '/base/v2/users', newUser());
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe(100003);
    }
  });

  it('signs in inactive users nowhere until activated; testing users work', async () => {
    const admin = await login(t.app, 'admin');
    await call(admin, 'POST', '/base/v2/users', newUser({ status: 'inactive' }));
    await call(admin, 'POST', '/base/v2/users', newUser({ username: 'tester', status: 'testing' }));
    expect(await loginCode('newagent', 'secret12')).toBe(201001);
    expect(await loginCode('tester', 'secret12')).toBe(0);
    await call(admin, 'PUT', `/base/v2/users/${await idOf('newagent')}`, { status: 'active' });
    expect(await loginCode('newagent', 'secret12')).toBe(0);
  });
});

describe('editing a user', () => {
  it('changes nickname, mobile, roles and status but never the e-mail', async () => {
    const admin = await login(t.app, 'admin');
    const id = await idOf('operator');
    const res = await call(admin, 'PUT', `/base/v2/users/${id}`, {
      nickname: 'Olga',
      mobile: { areaCode: '86', number: '13800138000' },
      roles: ['operator', 'finance'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ManagedUser.parse(body(res).data)).toMatchObject({
      nickname: 'Olga',
      role: ['operator', 'finance'],
      mobile: { areaCode: '86', number: '13800138000' },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.permissions).toEqual(['orders:read', 'orders:write', 'bills:read', 'agencybills:read']);
    const email = await call(admin, 'PUT', `/base/v2/users/${id}`, { email: 'changed@example.com' });
    expect(email.statusCode).toBe(400);
    expect(row?.email).not.toBe('changed@example.com');
  });

  it("answers 404 for another agency's user and changes nothing", async () => {
    const admin = await login(t.app, 'admin');
    const subop = await idOf('subop');
    for (const [method, url, payload] of [
      ['PUT', `/base/v2/users/${subop}`, { nickname: 'Hijack', status: 'disabled' }],
      ['POST', `/base/v2/users/${subop}/password`, undefined],
      ['DELETE', `/base/v2/users/${subop}`, undefined],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, subop));
    expect(row).toMatchObject({ nickname: 'Sam Suboperator', status: 'active' });
    expect(await loginCode('subop', 'demo1234')).toBe(0);
  });

  it('ends the sessions of a disabled user at once: 201001 on the next call and at login', async () => {
    const admin = await login(t.app, 'admin');
    const operator = await login(t.app, 'operator');
    expect(body(await me(operator)).code).toBe(0); // now cached
    const res = await call(admin, 'PUT', `/base/v2/users/${await idOf('operator')}`, { status: 'disabled' });
    expect(res.statusCode, res.body).toBe(200);
    const next = await me(operator);
    expect(next.statusCode).toBe(403);
    expect(body(next).code).toBe(201001);
    expect(await loginCode('operator', 'demo1234')).toBe(201001);
    // Enabled again: the old session stays ended; a new login works.
    await call(admin, 'PUT', `/base/v2/users/${await idOf('operator')}`, { status: 'active' });
    expect(body(await me(operator)).code).toBe(200006);
    expect(await loginCode('operator', 'demo1234')).toBe(0);
  });

  it('never disables the last active SuperUser nor takes the role away', async () => {
    const admin = await login(t.app, 'admin');
    const id = await idOf('admin');
    for (const change of [{ status: 'disabled' }, { status: 'inactive' }, { roles: ['operator'] }]) {
      const res = await call(admin, 'PUT', `/base/v2/users/${id}`, change);
      expect(res.statusCode).toBe(409);
      expect(body(res).code).toBe(201021);
    }
    expect(body(await me(admin)).code).toBe(0);
    // With a second SuperUser, the first may step down.
    await call(admin, 'POST', '/base/v2/users', newUser({ username: 'boss2', roles: ['SuperUser'] }));
    const res = await call(admin, 'PUT', `/base/v2/users/${id}`, { roles: ['finance'] });
    expect(res.statusCode, res.body).toBe(200);
    const boss2 = await login(t.app, 'boss2', 'secret12');
    const back = await call(boss2, 'PUT', `/base/v2/users/${await idOf('boss2')}`, { status: 'disabled' });
    expect(body(back).code).toBe(201021);
  });

  it('keeps one working SuperUser when two disable each other at the same moment', async () => {
    const admin = await login(t.app, 'admin');
    await call(admin, 'POST', '/base/v2/users', newUser({ username: 'boss2', roles: ['SuperUser'] }));
    const boss2 = await login(t.app, 'boss2', 'secret12');
    const [adminId, boss2Id] = [await idOf('admin'), await idOf('boss2')];
    const answers = await Promise.all([
      call(admin, 'PUT', `/base/v2/users/${boss2Id}`, { status: 'disabled' }),
      call(boss2, 'PUT', `/base/v2/users/${adminId}`, { status: 'disabled' }),
    ]);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const rows = await t.database.db.select().from(users).where(eq(users.agencyId, 1));
    const working = rows.filter((u) => u.roles.includes('SuperUser') && u.status === 'active');
    expect(working).toHaveLength(1);
  });

  it('does not count a disabled SuperUser as the one that remains', async () => {
    const admin = await login(t.app, 'admin');
    await call(
      admin,
      'POST',
      '/base/v2/users',
      newUser({ username: 'boss2', roles: ['SuperUser'], status: 'disabled' }),
    );
    const res = await call(admin, 'PUT', `/base/v2/users/${await idOf('admin')}`, { status: 'disabled' });
    expect(body(res).code).toBe(201021);
  });
});

describe('resetting a password', () => {
  it('shows a temporary password once and ends every session of the user', async () => {
    const admin = await login(t.app, 'admin');
    const operator = await login(t.app, 'operator');
    expect(body(await me(operator)).code).toBe(0);
    const res = await call(admin, 'POST', `/base/v2/users/${await idOf('operator')}/password`);
    expect(res.statusCode, res.body).toBe(200);
    const { temporaryPassword } = PasswordResetResult.parse(body(res).data);
    expect(body(await me(operator)).code).toBe(200006);
    expect(await loginCode('operator', 'demo1234')).toBe(201003);
    expect(await loginCode('operator', temporaryPassword)).toBe(0);
    expect(await firstCallCode('operator', temporaryPassword)).toBe(201006);
    const logged = await t.database.db
      .select()
      .from(userLogs)
      .where(eq(userLogs.action, 'user_password_reset'));
    expect(logged).toHaveLength(1);
  });

  it('is refused to users who are not SuperUser', async () => {
    const finance = await login(t.app, 'finance');
    const res = await call(finance, 'POST', `/base/v2/users/${await idOf('operator')}/password`);
    expect(res.statusCode).toBe(403);
    expect(await loginCode('operator', 'demo1234')).toBe(0);
  });
});

describe('deleting a user', () => {
  it('keeps a deleted user with orders: the orders stay, the user is gone from the list and signed out', async () => {
    const admin = await login(t.app, 'admin');
    const operator = await login(t.app, 'operator');
    const order = await bookOne(t.app, operator);
    const id = await idOf('operator');
    const res = await call(admin, 'DELETE', `/base/v2/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(await me(operator)).code).toBe(201001);
    expect(await loginCode('operator', 'demo1234')).toBe(201001);
    expect((await listOf(admin)).list.map((u) => u.username)).toEqual(['admin', 'finance']);
    expect((await call(admin, 'PUT', `/base/v2/users/${id}`, { nickname: 'Back' })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/base/v2/users/${id}`)).statusCode).toBe(404);
    const kept = await call(admin, 'GET', `/order/v2/flight/orders/${order.id}`);
    expect(kept.statusCode).toBe(200);
    // The username stays taken.
    expect(body(await call(admin, 'POST', '/base/v2/users', newUser({ username: 'operator' }))).code).toBe(
      201020,
    );
    const logged = await t.database.db.select().from(userLogs).where(eq(userLogs.action, 'user_delete'));
    expect(logged.map((l) => l.target)).toEqual([String(id)]);
  }, 60_000);

  it('refuses to delete oneself', async () => {
    const admin = await login(t.app, 'admin');
    const res = await call(admin, 'DELETE', `/base/v2/users/${await idOf('admin')}`);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 201022, message: 'You cannot delete your own account' });
    expect(body(await me(admin)).code).toBe(0);
  });

  it('is refused to users who are not SuperUser', async () => {
    const operator = await login(t.app, 'operator');
    const res = await call(operator, 'DELETE', `/base/v2/users/${await idOf('finance')}`);
    expect(res.statusCode).toBe(403);
  });
});
