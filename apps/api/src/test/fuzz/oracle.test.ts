import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { useTestApp } from '../app';
import { casesFor, type FuzzCase } from './cases';
import { operationsOf, type OpenApiDocument } from './openapi';
import { changes, createSnapshotter, Findings, send, type Snapshotter } from './oracle';
import { PERSONAL_MARKERS } from './values';

/** The suite's own checks, on routes made to fail each way: it must see every failure. */
const t = useTestApp();
const log: string[] = [];
let app: FastifyInstance;
let snapshots: Snapshotter;
const PUBLIC = { config: { access: 'public' as const } };

beforeAll(async () => {
  app = await t.build({ LOG_LEVEL: 'info' }, undefined, { logStream: { write: (line) => log.push(line) } });
  const { db } = t.database;
  app.post('/__oracle/crash', PUBLIC, async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'trim')");
  });
  app.post('/__oracle/write-then-refuse', PUBLIC, async () => {
    await db.execute(sql`insert into sso_nonces (code) values ('oracle-probe')`);
    throw new AppError('ILLEGAL_INPUT');
  });
  app.post('/__oracle/move-money-then-refuse', PUBLIC, async () => {
    await db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = (select min(id) from ledger_accounts)`,
    );
    throw new AppError('ILLEGAL_INPUT');
  });
  app.post('/__oracle/log-name', PUBLIC, async (request) => {
    request.log.info(`booking for ${PERSONAL_MARKERS.surname}`);
    return {};
  });
  app.post('/__oracle/clean', PUBLIC, async () => {
    throw new AppError('ILLEGAL_INPUT');
  });
  snapshots = await createSnapshotter(t.database);
});

async function judge(url: string) {
  const findings = new Findings();
  const fuzzCase: FuzzCase = {
    label: 'probe',
    method: 'POST',
    url,
    payload: '{}',
    contentType: 'application/json',
  };
  const before = await snapshots.settle();
  log.length = 0;
  const sent = await send(app, fuzzCase, 'anonymous', undefined, undefined, `oracle-${url.length}`);
  const refused = sent.response.statusCode >= 400 && sent.response.statusCode < 500;
  const after = refused ? await snapshots.take() : await snapshots.settle();
  findings.judge(`POST ${url}`, fuzzCase, sent, before, refused ? after : undefined, [...log]);
  return findings.list();
}

describe('the fuzz oracle', () => {
  it('reports a 5xx with the error line the server logged', async () => {
    const [finding, ...rest] = await judge('/__oracle/crash');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ kind: '5xx', status: 500 });
    expect(finding?.sample.log).toContain("TypeError: Cannot read properties of undefined (reading 'trim')");
  });

  it('reports a refused request that added a row, naming the table', async () => {
    const [finding] = await judge('/__oracle/write-then-refuse');
    expect(finding).toMatchObject({ kind: 'refused request wrote', status: 400 });
    expect(finding?.cause).toMatch(/^sso_nonces: \d+ -> \d+$/);
  });

  it('reports a refused request that changed a money row without adding one', async () => {
    const [finding] = await judge('/__oracle/move-money-then-refuse');
    expect(finding).toMatchObject({
      kind: 'refused request wrote',
      cause: 'ledger_accounts: values changed',
    });
  });

  it('reports personal data in a log line', async () => {
    const [finding] = await judge('/__oracle/log-name');
    expect(finding).toMatchObject({ kind: 'personal data logged' });
  });

  it('leaves the user log (the audit of refusals) out of the written tables, and nothing else', () => {
    const state = (logs: number, nonces = 0) => ({
      counts: { 'count:user_logs': String(logs), 'count:sso_nonces': String(nonces) },
      pending: 0,
    });
    expect(changes(state(5), state(7))).toEqual([]);
    expect(changes(state(5), state(6, 1))).toEqual(['sso_nonces: 0 -> 1']);
  });

  it('reports nothing for a clean refusal', async () => {
    expect(await judge('/__oracle/clean')).toEqual([]);
  });
});

describe('the case generator', () => {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    paths: {
      '/x/{id}': {
        post: {
          parameters: [
            { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
            { in: 'query', name: 'dateTo', schema: { type: 'string' } },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['passengers'],
                  properties: {
                    passengers: {
                      type: 'array',
                      minItems: 1,
                      items: {
                        type: 'object',
                        required: ['surname'],
                        properties: {
                          surname: { type: 'string', pattern: '^[A-Z]+$' },
                          age: { type: 'integer' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/__test/hook': { post: {} },
    },
  };
  const { operations, skipped } = operationsOf(doc);
  const cases = casesFor(operations[0] as (typeof operations)[0], {
    runs: 4,
    seed: 1,
    now: Date.parse('2030-01-01'),
  });
  const labels = cases.map((c) => c.label);

  it('skips test hooks with the reason and keeps the rest', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(['POST /x/{id}']);
    expect(skipped).toEqual([expect.stringMatching(/^POST \/__test\/hook: test-only/)]);
  });

  it('spoils each field, path and query parameter, and the body as a whole', () => {
    expect(labels).toEqual(
      expect.arrayContaining([
        'valid example',
        'path id="%00"',
        'query dateTo="9999-12-31"',
        'body passengers.0.surname=missing',
        'body passengers.0.surname=12345',
        'body passengers.0.age="12"',
        'body passengers.0.fuzzExtra (undeclared)',
        'nested arrays 20000 levels',
        'malformed JSON {',
        'content type text/plain',
        'Idempotency-Key reused with another body',
      ]),
    );
    const valid = cases.find((c) => c.label === 'valid example');
    expect(JSON.parse(String(valid?.payload))).toEqual({
      passengers: [{ surname: PERSONAL_MARKERS.surname, age: 1 }],
    });
  });

  it('draws the same cases for the same seed', () => {
    const again = casesFor(operations[0] as (typeof operations)[0], {
      runs: 4,
      seed: 1,
      now: Date.parse('2030-01-01'),
    });
    expect(again.map((c) => [c.label, c.url, c.payload])).toEqual(
      cases.map((c) => [c.label, c.url, c.payload]),
    );
  });
});
