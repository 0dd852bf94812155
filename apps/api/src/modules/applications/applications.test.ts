import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../test/app';
import { outboundMessages } from '../notifications/index';
import { readMail, startSmtpReceiver } from '../notifications/notifications.test-helpers';
import { applications } from './applications.schema';
import { APPLICATION_RATE_LIMITS } from './submit-application';

const SALES = 'sales-desk@platform.example';
const t = useTestApp({ SALES_EMAIL: SALES });

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let mailApp: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailApp = await t.build({ SALES_EMAIL: SALES, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await smtp.close();
});

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  phoneAreaCode: '+44',
  phone: '20 7946 0000',
  country: 'GB',
  companyName: 'Analytical Travel Ltd',
  companyAddress: '12 Engine Row, London',
  website: 'https://analytical.example',
  others: 'We would like the NDC content through the API.',
};

let address = 0;
/** A fresh client address per call site, so the per-address limit of one test leaves the others alone. */
const nextAddress = () => `203.0.113.${(address += 1)}`;

function send(payload: object, remoteAddress = nextAddress(), app = t.app, locale = 'en') {
  return app.inject({
    method: 'POST',
    url: '/base/v2/applications',
    payload,
    remoteAddress,
    headers: { 'accept-language': locale },
  });
}

const stored = () => t.database.db.select().from(applications);

describe('POST /base/v2/applications', () => {
  it('stores the enquiry without a login and e-mails the sales address once it is committed', async () => {
    const res = await send(valid, '198.51.100.7', mailApp, 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 0, data: { received: true } });
    const [row] = await stored();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      phoneAreaCode: '44',
      phone: '2079460000',
      country: 'GB',
      companyName: 'Analytical Travel Ltd',
      locale: 'zh-tw',
      status: 'new',
      sourceIp: '198.51.100.7',
      convertedAgencyId: null,
    });
    const [message] = await t.database.db.select().from(outboundMessages);
    expect(message).toMatchObject({ agencyId: null, channel: 'email', target: SALES, status: 'pending' });

    await mailApp.runDueJobs(new Date());
    expect(smtp.mails.map((m) => m.to)).toEqual([[SALES]]);
    const mail = readMail(smtp.mails[0]?.raw ?? '');
    expect(mail.text).toContain('Analytical Travel Ltd');
    expect(mail.text).toContain('ada@analytical.example');
    expect(mail.text).toContain('+44 2079460000');
    expect(mail.html).toContain('12 Engine Row, London');
  });

  it.each([
    ['name required', { name: ' ' }, 'name'],
    ['country required', { country: '' }, 'country'],
    ['a country that is not one', { country: 'XX' }, 'country'],
    ['an e-mail or a phone', { email: '', phone: '' }, 'email'],
    ['the e-mail format', { email: 'ada@analytical' }, 'email'],
    ['the phone digits', { phone: '12ab' }, 'phone'],
    ['the area code', { phoneAreaCode: '12345' }, 'phoneAreaCode'],
    ['the website', { website: 'ftp://files.example' }, 'website'],
    ['the name bound', { name: 'x'.repeat(101) }, 'name'],
    ['the others bound', { others: 'x'.repeat(2001) }, 'others'],
  ])('refuses %s (400 with the field) and stores nothing', async (_rule, change, path) => {
    const res = await send({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: { path: string }[] }>(res)).toMatchObject({ code: 100001 });
    expect(body<{ errors: { path: string }[] }>(res).data.errors.map((e) => e.path)).toContain(path);
    expect(await stored()).toHaveLength(0);
  });

  it('takes a phone without an e-mail, and refuses fields it does not know', async () => {
    expect((await send({ ...valid, email: undefined })).statusCode).toBe(200);
    expect((await send({ ...valid, role: 'admin' })).statusCode).toBe(400);
    expect(await stored()).toHaveLength(1);
  });

  it('answers a filled honeypot as a success, and stores and sends nothing', async () => {
    const res = await send({ ...valid, fax: '+1 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual(body(await send(valid)));
    expect(await stored()).toHaveLength(1);
    expect(await t.database.db.select().from(outboundMessages)).toHaveLength(1);
  });

  it('limits enquiries per client address', async () => {
    const { max } = APPLICATION_RATE_LIMITS.perAddress;
    const ip = '192.0.2.50';
    for (let i = 0; i < max; i += 1) {
      expect((await send({ ...valid, email: `agent${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const refused = await send({ ...valid, email: 'another@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe(100020);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A bot behind the same address gets the same refusal, honeypot or not.
    expect((await send({ ...valid, fax: 'x' }, ip)).statusCode).toBe(429);
    expect((await send({ ...valid, email: 'another@example.com' })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(max + 1);
  });

  it('limits enquiries per e-mail address, in any case, from any address', async () => {
    const { max } = APPLICATION_RATE_LIMITS.perEmail;
    for (let i = 0; i < max; i += 1) {
      expect(
        (await send({ ...valid, email: i % 2 ? 'Ada@Analytical.example' : valid.email })).statusCode,
      ).toBe(200);
    }
    const refused = await send({ ...valid, email: 'ADA@analytical.example' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe(100020);
    expect((await send({ ...valid, email: 'grace@analytical.example' })).statusCode).toBe(200);
  });

  it('keeps the enquiry when its e-mail cannot be sent, and tries again later', async () => {
    const down = await t.build({ SALES_EMAIL: SALES, SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await send(valid, nextAddress(), down)).statusCode).toBe(200);
    await down.runDueJobs(new Date());
    const [message] = await t.database.db.select().from(outboundMessages);
    expect(message).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await stored()).toHaveLength(1);
    const [row] = await stored();
    expect(
      row && (await t.database.db.select().from(applications).where(eq(applications.id, row.id))),
    ).toHaveLength(1);
  });
});
