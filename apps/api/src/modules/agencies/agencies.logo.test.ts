import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CreatedAgency, SubAgency, type CreateAgencyInput } from '@portal/domain/agencies';
import { bearer, body, login, useTestApp } from '../../test/app';
import { fitWithin } from './agency-logo';
import { agencyCodeOf, withFrameAncestors } from './frame-ancestors';

const t = useTestApp();

let serial = 0;
async function createAgency(token: string, extra: Partial<CreateAgencyInput> = {}): Promise<CreatedAgency> {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/base/v2/agencies',
    headers: bearer(token),
    payload: {
      name: `Logo Travel ${serial}`,
      contactName: 'Mei Lin',
      email: `logo${serial}@example.com`,
      superAdminUsername: `logo${serial}.admin`,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CreatedAgency.parse(body(res).data);
}

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1677ff';
  context.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

function multipart(bytes: Buffer, fileName: string, type: string) {
  const boundary = '----logo';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n`),
      Buffer.from(`Content-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(token: string, id: number, bytes: Buffer, fileName = 'logo.png', type = 'image/png') {
  const { payload, contentType } = multipart(bytes, fileName, type);
  return t.app.inject({
    method: 'PUT',
    url: `/base/v2/agencies/${id}/logo`,
    payload,
    headers: { ...bearer(token), 'content-type': contentType, 'accept-language': 'en' },
  });
}

const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code: number }).code;

describe('agency logos', () => {
  it('stores a jpg or png resized within 400 x 160 and serves it to the agency and its managers', async () => {
    const admin = await login(t.app, 'admin');
    const created = await createAgency(admin);
    const res = await upload(admin, created.agency.id, await png(1000, 200));
    expect(res.statusCode, res.body).toBe(200);
    const agency = SubAgency.parse(body(res).data);
    expect(agency.logo).toMatch(new RegExp(`^/base/v2/agencies/${created.agency.id}/logo\\?v=[0-9a-f]{12}$`));

    const served = await t.app.inject({ url: agency.logo ?? '', headers: bearer(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const image = await loadImage(served.rawPayload);
    expect([image.width, image.height]).toEqual([400, 80]);

    // The agency's own users see it too (the company logo), other tenants do not.
    const own = await login(t.app, created.superAdmin.username, created.superAdmin.temporaryPassword ?? '');
    const me = await t.app.inject({ url: '/base/v2/me', headers: bearer(own) });
    expect(body<{ company: { logo: string } }>(me).data.company.logo).toBe(agency.logo);
    for (const username of ['subop', 'partner', 'trainop']) {
      const other = await t.app.inject({
        url: agency.logo ?? '',
        headers: bearer(await login(t.app, username)),
      });
      expect([username, other.statusCode]).toEqual([username, 404]);
    }

    // A tall jpeg within the limits: 100 x 400 becomes 40 x 160.
    const canvas = createCanvas(100, 400);
    canvas.getContext('2d').fillRect(0, 0, 100, 400);
    const jpeg = await canvas.encode('jpeg');
    const again = await upload(admin, created.agency.id, jpeg, 'logo.jpg', 'image/jpeg');
    expect(again.statusCode, again.body).toBe(200);
    const second = SubAgency.parse(body(again).data).logo ?? '';
    expect(second).not.toBe(agency.logo);
    const tall = await loadImage((await t.app.inject({ url: second, headers: bearer(admin) })).rawPayload);
    expect([tall.width, tall.height]).toEqual([40, 160]);
  });

  it('checks the content, not the name: wrong bytes, a non-image and over 2 MB are refused', async () => {
    const admin = await login(t.app, 'admin');
    const { agency } = await createAgency(admin);
    // Called .jpg and sent as image/jpeg, but its bytes are neither jpg nor png.
    const fake = await upload(
      admin,
      agency.id,
      Buffer.from('GIF89a not a logo at all'),
      'logo.jpg',
      'image/jpeg',
    );
    expect([fake.statusCode, codeOf(fake)]).toEqual([415, 800001]);
    // A png signature followed by garbage does not decode.
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 33), Buffer.alloc(64, 7)]);
    const undecodable = await upload(admin, agency.id, broken, 'logo.png');
    expect([undecodable.statusCode, codeOf(undecodable)]).toEqual([415, 800001]);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(admin, agency.id, big, 'logo.png');
    expect([tooBig.statusCode, codeOf(tooBig)]).toEqual([413, 100008]);
    const empty = await upload(admin, agency.id, Buffer.alloc(0), 'logo.png');
    expect(empty.statusCode).toBe(400);
    const none = await t.app.inject({ url: `/base/v2/agencies/${agency.id}/logo`, headers: bearer(admin) });
    expect(none.statusCode).toBe(404);
  });

  it("refuses another tenant's agency before reading the upload", async () => {
    const admin = await login(t.app, 'admin');
    const res = await upload(admin, 222, await png(10, 10));
    expect(res.statusCode).toBe(404);
    const own = await upload(admin, 1, await png(10, 10));
    expect(own.statusCode).toBe(403);
  });

  it('fits sizes keeping the aspect ratio and never enlarges', () => {
    expect(fitWithin(1000, 200)).toEqual({ width: 400, height: 80 });
    expect(fitWithin(100, 400)).toEqual({ width: 40, height: 160 });
    expect(fitWithin(50, 20)).toEqual({ width: 50, height: 20 });
    expect(fitWithin(4000, 1)).toEqual({ width: 400, height: 1 });
  });
});

describe('allowed domains become frame-ancestors of the pages opened for the agency', () => {
  it('adds the domains to the page CSP with ?agency=<partner code> only', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    const app = await t.build({ WEB_DIST: dist, FRAME_ANCESTORS: "'self'" });
    const admin = await login(app, 'admin');
    const { agency } = await createAgency(admin, {
      allowedDomains: ['harbour.example', '*.harbour.example'],
    });
    const frameAncestors = async (url: string) => {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      return /frame-ancestors ([^;]*)/.exec(csp)?.[1];
    };
    expect(await frameAncestors('/flight/booking')).toBe("'self'");
    expect(await frameAncestors(`/flight/booking?agency=${agency.partnerCode}&userid=x`)).toBe(
      "'self' harbour.example *.harbour.example",
    );
    expect(await frameAncestors(`/?agency=${agency.partnerCode.toLowerCase()}`)).toBe(
      "'self' harbour.example *.harbour.example",
    );
    expect(await frameAncestors('/?agency=ZZZZZZZZ')).toBe("'self'");
    // API answers never get them.
    const api = await app.inject({ url: `/base/v2/config/getSiteConfig?agency=${agency.partnerCode}` });
    expect(String(api.headers['content-security-policy'])).not.toContain('harbour.example');
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('rewrites only the frame-ancestors directive and only with valid host names', () => {
    const csp = "default-src 'self';frame-ancestors 'self' http://127.0.0.1:*;object-src 'none'";
    expect(withFrameAncestors(csp, ['a.example', "b.example 'unsafe-inline'"])).toBe(
      "default-src 'self';frame-ancestors 'self' http://127.0.0.1:* a.example;object-src 'none'",
    );
    expect(withFrameAncestors("frame-ancestors 'none'", ['a.example'])).toBe('frame-ancestors a.example');
    expect(agencyCodeOf('/x?agency=k7m3qx9b')).toBe('K7M3QX9B');
    expect(agencyCodeOf('/x?agency=bad')).toBeUndefined();
  });
});
