import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../test/app';
import { testPasswordHasher } from '../../test/platform';
import { platformAuditLog, platformUsers } from './platform-admin.schema';
import { runPlatformCommand } from './platform-command';
import { totpCode } from './totp';

const t = useTestApp();

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runPlatformCommand(args, {
    db: t.database.db,
    hasher: testPasswordHasher,
    now: () => new Date(),
    print: (line) => lines.push(line),
  });
  return {
    code,
    lines,
    value: (label: string) =>
      lines
        .find((l) => l.startsWith(label))
        ?.split(/\s+/)
        .at(-1) ?? '',
  };
}

describe('npm run platform', () => {
  it('creates an admin who can sign in with the printed password and TOTP secret', async () => {
    const out = await run('create-admin', 'Ops.Lead', '--permissions', 'finance,support');
    expect(out.code).toBe(0);
    const password = out.value('password:');
    const secret = out.value('TOTP secret:');
    expect(out.value('otpauth URI:')).toMatch(/^otpauth:\/\/totp\/.*ops\.lead\?.*secret=/);
    const [row] = await t.database.db
      .select()
      .from(platformUsers)
      .where(eq(platformUsers.username, 'ops.lead'));
    expect(row?.permissions).toEqual(['platform:finance', 'platform:support']);
    expect(row?.passwordHash).not.toContain(password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload: { username: 'ops.lead', password, code: await totpCode(secret, new Date()) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ admin: { username: string } }>(res).data.admin.username).toBe('ops.lead');
  });

  it('refuses a taken name, a bad name, an unknown permission and a wrong usage', async () => {
    expect((await run('create-admin', 'ops.one')).code).toBe(0);
    const taken = await run('create-admin', 'ops.one');
    expect([taken.code, taken.lines]).toEqual([1, ['platform: the platform admin "ops.one" exists already']]);
    expect((await run('create-admin', 'x')).code).toBe(1);
    const unknown = await run('create-admin', 'ops.two', '--permissions', 'root');
    expect(unknown.lines[0]).toMatch(/unknown permission "root"/);
    expect((await run('create-admin')).code).toBe(2);
    expect((await run('delete-admin', 'ops.one')).code).toBe(2);
  });

  it('disables an admin: audited, and they sign in no more', async () => {
    await run('create-admin', 'ops.gone');
    expect((await run('disable-admin', 'ops.gone')).code).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(platformUsers)
      .where(eq(platformUsers.username, 'ops.gone'));
    expect(row?.status).toBe('disabled');
    const audit = await t.database.db.select().from(platformAuditLog).orderBy(platformAuditLog.id);
    expect(audit.map((r) => r.action)).toEqual(['admin.create', 'admin.disable']);
    expect((await run('disable-admin', 'nobody')).code).toBe(1);
  });
});
