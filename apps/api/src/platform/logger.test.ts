import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, login, useTestApp } from '../test/app';
import { isPersonalKey, redactUrl, serializeError } from './logger';

const SURNAME = 'QIANLONGXU';
const GIVEN = 'MEIHUAZE';
const DOCUMENT = 'E98765432';
const EMAIL = 'meihua.qian@example.com';
const PERSONAL = [SURNAME, GIVEN, DOCUMENT, EMAIL];

const passenger = {
  type: 'adult',
  surname: SURNAME,
  given_names: GIVEN,
  gender: 'female',
  birthday: '1990-01-01',
  nationality: 'CN',
  travel_document: {
    type: 'passport',
    interfaceType: 'passport',
    number: DOCUMENT,
    expiryDate: '2031-01-01',
  },
};
const contact = {
  name: `${SURNAME} ${GIVEN}`,
  email: EMAIL,
  phone: { areaCode: '86', number: '13800000000' },
};

const t = useTestApp();
const PUBLIC = { config: { access: 'public' as const } };
const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await t.build({ LOG_LEVEL: 'info' }, undefined, { logStream: { write: (line) => lines.push(line) } });
  const { db } = t.database;
  // Handlers that fail the way real code does, with the passenger's data inside the error.
  app.post('/__log-probe/db', PUBLIC, async (request) => {
    const { surname, travel_document } = request.body as typeof passenger;
    // Drizzle puts the query's parameters into its message; PostgreSQL quotes the bad value.
    await db.execute(sql`select ${`${surname} ${travel_document.number}`}::date`);
    return {};
  });
  app.post('/__log-probe/unique', PUBLIC, async (request) => {
    const { travel_document } = request.body as typeof passenger;
    // A unique violation's `detail` holds the duplicated value.
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table log_probe (doc text primary key) on commit drop`);
      await tx.execute(sql`insert into log_probe values (${travel_document.number})`);
      await tx.execute(sql`insert into log_probe values (${travel_document.number})`);
    });
    return {};
  });
  app.post('/__log-probe/zod', PUBLIC, async (request) => {
    // A raw zod error with reportInput: its message and issues carry the input.
    z.object({ passengers: z.array(z.object({ surname: z.number() })) }).parse(request.body, {
      reportInput: true,
    });
    return {};
  });
  app.post('/__log-probe/object', PUBLIC, async (request) => {
    const body = request.body as { passengers: unknown[]; contact: unknown };
    request.log.error({ passenger: body.passengers[0], order: { contact: body.contact } }, 'booking failed');
    throw new Error('booking failed');
  });
});

function captured(from: number): string {
  return lines.slice(from).join('');
}

function expectNoPersonalData(text: string): void {
  for (const value of PERSONAL) expect(text).not.toContain(value);
}

describe('logs without personal data', () => {
  it.each(['db', 'unique', 'zod', 'object'])(
    'a 500 from a %s error logs the error without the passenger name or document number',
    async (probe) => {
      const from = lines.length;
      const res = await app.inject({
        method: 'POST',
        url: `/__log-probe/${probe}`,
        payload: { passengers: [passenger], contact, ...passenger },
      });
      expect(res.statusCode).toBe(500);
      const text = captured(from);
      expect(text).toContain('unexpected error');
      expectNoPersonalData(text);
    },
  );

  it('keeps what a developer needs: the error type, its SQL state, constraint and stack', async () => {
    const from = lines.length;
    await app.inject({ method: 'POST', url: '/__log-probe/unique', payload: passenger });
    const entry = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((e) => e.msg === 'unexpected error');
    expect(entry?.err).toMatchObject({ cause: { code: '23505', constraint: 'log_probe_pkey' } });
    expect(String(entry?.err?.message)).toContain('insert into log_probe');
    expect(String(entry?.err?.stack)).toMatch(/\n\s+at /);
  });

  it('a malformed JSON booking is logged as a client error without the text around the error', async () => {
    const token = await login(app);
    const from = lines.length;
    const res = await app.inject({
      method: 'POST',
      url: '/order/v2/flight/orders',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"passengers":[{"number":"${DOCUMENT}","surname":${SURNAME}}]}`,
    });
    expect(res.statusCode).toBe(400);
    const text = captured(from);
    expect(text).toContain('client error');
    expectNoPersonalData(text);
  });

  it('a request URL is logged without the values of personal filters', async () => {
    const token = await login(app);
    const from = lines.length;
    await app.inject({
      url: `/order/v2/flight/orders?passenger=${SURNAME}&contact=${EMAIL}&page=1`,
      headers: bearer(token),
    });
    const text = captured(from);
    expect(text).toContain('/order/v2/flight/orders?passenger=[redacted]&contact=[redacted]&page=1');
    expectNoPersonalData(text);
  });
});

describe('serializeError', () => {
  it('drops the values an error carries and keeps its safe fields', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "docs_pkey"'), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (number)=(${DOCUMENT}) already exists.`,
      constraint: 'docs_pkey',
    });
    const error = Object.assign(
      new Error(`Failed query: insert into docs values ($1, $2)\nparams: ${SURNAME},${DOCUMENT}`),
      {
        query: 'insert into docs values ($1, $2)',
        params: [SURNAME, DOCUMENT],
        cause,
      },
    );
    const out = JSON.stringify(serializeError(error));
    expectNoPersonalData(out);
    expect(JSON.parse(out)).toMatchObject({
      type: 'Error',
      query: 'insert into docs values ($1, $2)',
      cause: { code: '23505', constraint: 'docs_pkey' },
    });
  });

  it('redacts quoted input of PostgreSQL data exceptions and JSON syntax errors', () => {
    const pgError = Object.assign(new Error(`invalid input syntax for type date: "${SURNAME}"`), {
      code: '22007',
      severity: 'ERROR',
    });
    expectNoPersonalData(JSON.stringify(serializeError(pgError)));
    let syntax: unknown;
    try {
      JSON.parse(`{"surname": ${SURNAME}}`);
    } catch (error) {
      syntax = error;
    }
    expectNoPersonalData(JSON.stringify(serializeError(syntax)));
  });

  it('names personal keys in any spelling and leaves others', () => {
    for (const key of [
      'surname',
      'given_names',
      'givenNames',
      'travel_document',
      'passengers',
      'contact',
      'email',
    ])
      expect(isPersonalKey(key), key).toBe(true);
    for (const key of ['status', 'currency', 'amount', 'reqId', 'code'])
      expect(isPersonalKey(key), key).toBe(false);
    expect(redactUrl('/x?surname=A&given_names=B&page=2')).toBe(
      '/x?surname=[redacted]&given_names=[redacted]&page=2',
    );
  });
});
