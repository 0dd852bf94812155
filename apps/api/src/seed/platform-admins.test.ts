import { describe, expect, it } from 'vitest';
import { body, testConfig, useTestApp } from '../test/app';
import { platformUsers } from '../modules/platform-admin/platform-admin.schema';
import { totpCode } from '../modules/platform-admin/totp';
import { createPasswordHasher } from '../modules/users/password';
import { DEMO_PLATFORM_ADMINS, seedDemoPlatformAdmins } from './platform-admins';

const t = useTestApp();
const hasher = createPasswordHasher(true);

describe('the demo platform admins', () => {
  it('are never seeded outside demo mode', async () => {
    const config = testConfig();
    expect(config.demo).toBe(false);
    expect(await seedDemoPlatformAdmins(t.database.db, config, hasher)).toBe(false);
    expect(await t.database.db.select().from(platformUsers)).toEqual([]);
  });

  it('are seeded in demo mode, once, and sign in with the documented password and TOTP secret', async () => {
    const config = testConfig({ PORTAL_DEMO: 'true' });
    expect(config.demo).toBe(true);
    expect(await seedDemoPlatformAdmins(t.database.db, config, hasher)).toBe(true);
    expect(await seedDemoPlatformAdmins(t.database.db, config, hasher)).toBe(false);
    const rows = await t.database.db.select().from(platformUsers).orderBy(platformUsers.id);
    expect(rows.map((r) => r.username)).toEqual(['platform.finance', 'platform.approver']);
    for (const admin of DEMO_PLATFORM_ADMINS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/platform/v2/login',
        payload: {
          username: admin.username,
          password: admin.password,
          code: await totpCode(admin.totpSecret, new Date()),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ admin: { permissions: string[] } }>(res).data.admin.permissions).toEqual([
        'platform:finance',
        'platform:support',
      ]);
    }
  });

  it('are not added to a database that has platform admins of its own', async () => {
    await t.database.db
      .insert(platformUsers)
      .values({ username: 'ops.own', passwordHash: 'x', totpSecret: 'y', permissions: [] });
    expect(await seedDemoPlatformAdmins(t.database.db, { demo: true }, hasher)).toBe(false);
  });
});
