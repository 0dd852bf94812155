import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AgencySettings } from '@portal/domain/agency-settings';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();

type Field = 'booking' | 'change' | 'train';

/** Sub-agency 2's settings with one notification URL set, as its parent's SuperUser saves them. */
async function saveUrl(app: FastifyInstance, field: Field, url: string, locale = 'en') {
  const token = await login(app);
  const read = await app.inject({ url: '/base/v2/agencies/2/config', headers: bearer(token) });
  const settings = AgencySettings.parse(body(read).data);
  const next: AgencySettings = {
    ...settings,
    flight: {
      ...settings.flight,
      bookingNotificationUrl: field === 'booking' ? url : null,
      flightChangeNotificationUrl: field === 'change' ? url : null,
    },
    train: { ...settings.train, notificationUrl: field === 'train' ? url : null },
  };
  return app.inject({
    method: 'PUT',
    url: '/base/v2/agencies/2/config',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: next,
  });
}

const PATHS: Record<Field, string> = {
  booking: 'flight.bookingNotificationUrl',
  change: 'flight.flightChangeNotificationUrl',
  train: 'train.notificationUrl',
};

const expectRefused = (res: Awaited<ReturnType<typeof saveUrl>>, field: Field) => {
  const message = 'A notification URL must be an https address on the public internet';
  expect([res.statusCode, body(res)]).toEqual([
    400,
    { code: 201041, message, data: { errors: [{ path: PATHS[field], message }] } },
  ]);
};

describe('saving notification URLs', () => {
  it.each([
    ['http://hooks.example.com/booking', 'booking'],
    ['ftp://hooks.example.com/change', 'change'],
    ['javascript://hooks.example.com/%0aalert(1)', 'train'],
  ] as const)('refuses %s on %s outside the demo: https only', async (url, field) => {
    expectRefused(await saveUrl(t.app, field, url), field);
  });

  it.each([
    ['https://127.0.0.1/x', 'IPv4 loopback'],
    ['https://[::1]/x', 'IPv6 loopback'],
    ['https://[::127.0.0.1]/x', 'IPv4-compatible loopback'],
    ['https://[::ffff:10.0.0.1]/x', 'IPv4-mapped private'],
    ['https://[64:ff9b::169.254.169.254]/x', 'NAT64 of the metadata address'],
    ['https://[64:ff9b::7f00:1]/x', 'NAT64 of loopback'],
    ['https://[2002:c0a8:101::1]/x', '6to4 of 192.168.1.1'],
    ['https://[2002:a9fe:a9fe::1]/x', '6to4 of 169.254.169.254'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', 'Teredo'],
    ['https://[fe80::1]/x', 'link-local'],
  ])('refuses %s (%s) unless WEBHOOK_ALLOW_PRIVATE', async (url) => {
    const strict = await t.build({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    for (const field of ['booking', 'change', 'train'] as const) {
      expectRefused(await saveUrl(strict, field, url), field);
    }
    // WEBHOOK_ALLOW_PRIVATE keeps its meaning: the tests' default allows private targets.
    expect((await saveUrl(t.app, 'booking', url)).statusCode).toBe(200);
  });

  it('saves public https URLs, a name, and http in demo mode only', async () => {
    const strict = await t.build({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    for (const url of [
      'https://hooks.example.com/x',
      'https://[2606:4700:4700::1111]/x',
      'https://8.8.8.8/x',
    ]) {
      const res = await saveUrl(strict, 'booking', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    const demo = await t.build({ PORTAL_DEMO: 'true' });
    expect((await saveUrl(demo, 'train', 'http://hooks.example.com/trains')).statusCode).toBe(200);
  });

  it('answers in the caller language', async () => {
    const res = await saveUrl(t.app, 'booking', 'http://hooks.example.com/x', 'zh-CN');
    expect(body(res).message).toBe('通知地址必须是公网上的 https 地址');
  });
});
