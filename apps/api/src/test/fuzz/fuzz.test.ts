import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../platform/rate-limits';
import { login, resetDatabase, useTestApp } from '../app';
import { casesFor } from './cases';
import { operationsOf, SKIPPED, type OpenApiDocument } from './openapi';
import {
  changes,
  createSnapshotter,
  Findings,
  formatFindings,
  IDENTITIES,
  send,
  type DbState,
  type IdentityName,
} from './oracle';

/**
 * The fuzz suite: for every operation of the OpenAPI document, requests derived from its
 * declared parameters and body (and generic bad ones where it declares none), sent as four
 * identities with and without an Idempotency-Key. Fails on any 5xx, on any write made by a
 * refused request, and on personal data in the log. Deterministic (fixed seed);
 * FUZZ_RUNS (random cases per operation, default 12) and FUZZ_SEED make longer or other runs;
 * FUZZ_REPORT=<file> writes the findings as JSON.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_917);

const t = useTestApp();
const log: string[] = [];
const high = { perUser: 1_000_000_000, perAgency: 1_000_000_000, windowMs: 60_000 };

async function fuzzApp() {
  return t.build(
    { LOG_LEVEL: 'info', LOGIN_RATE_LIMIT_MAX: '1000000000', LOGIN_IP_RATE_LIMIT_MAX: '1000000000' },
    undefined,
    {
      // Per-user limits would answer 429 before any validation after a few dozen requests.
      limits: Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((name) => [name, high])),
      logStream: { write: (line) => log.push(line) },
    },
  );
}

async function documentOf(app: Awaited<ReturnType<typeof fuzzApp>>): Promise<OpenApiDocument> {
  const res = await app.inject({ url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('fuzz suite from the OpenAPI document', () => {
  it('sends requests to every documented operation but the listed ones, each skip with its reason', async () => {
    const app = await fuzzApp();
    const doc = await documentOf(app);
    const { operations, skipped } = operationsOf(doc);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(20);
    expect(
      [...operations.map((o) => `${o.method} ${o.path}`), ...skipped.map((s) => s.split(':')[0])].sort(),
    ).toEqual(documented.sort());
    for (const line of skipped) expect(SKIPPED.some((s) => line.endsWith(s.reason))).toBe(true);
  });

  it(
    'answers every bad or random request without a 5xx, without a write when refused, and logs no personal data',
    async () => {
      const app = await fuzzApp();
      const doc = await documentOf(app);
      const { operations } = operationsOf(doc);
      const snapshots = await createSnapshotter(t.database);
      const findings = new Findings();
      const now = Date.now();
      let n = 0;
      let tokens: Record<IdentityName, string | undefined> = {
        anonymous: undefined,
        admin: '',
        finance: '',
        subop: '',
      };
      let pristine: DbState | undefined;
      let state: DbState = await snapshots.settle();
      for (const [opIndex, op] of operations.entries()) {
        // Each operation starts from the seeded demo data with a session of each identity:
        // the database is seeded again whenever the operation before changed it.
        if (!pristine || changes(pristine, state).length > 0) {
          await resetDatabase(t.database);
          tokens = {
            anonymous: undefined,
            admin: await login(app, 'admin'),
            finance: await login(app, 'finance'),
            subop: await login(app, 'subop'),
          };
          pristine = await snapshots.settle();
          state = pristine;
        }
        const write = op.method !== 'GET';
        for (const [i, fuzzCase] of casesFor(op, { runs: RUNS, seed: SEED, now }).entries()) {
          n += 1;
          const identity = IDENTITIES[(i + opIndex) % IDENTITIES.length] ?? 'admin';
          const withKey = fuzzCase.forceKey || (write && Math.floor(i / IDENTITIES.length) % 2 === 0);
          const key = fuzzCase.keyValue ?? (withKey ? `fuzz-key-${n}` : undefined);
          log.length = 0;
          const sent = await send(app, fuzzCase, identity, tokens[identity], key, `fuzz-${n}`);
          const status = sent.response.statusCode;
          const refused = status >= 400 && status < 500;
          const after = refused ? await snapshots.take() : await snapshots.settle();
          findings.judge(`${op.method} ${op.path}`, fuzzCase, sent, state, refused ? after : undefined, [
            ...log,
          ]);
          state = after;
        }
      }
      const list = findings.list();
      if (process.env.FUZZ_REPORT) {
        fs.writeFileSync(
          process.env.FUZZ_REPORT,
          JSON.stringify(
            { requests: findings.requests, statuses: Object.fromEntries(findings.statuses), findings: list },
            null,
            2,
          ),
        );
      }
      expect(findings.requests).toBeGreaterThan(operations.length * 10);
      expect(formatFindings(list)).toBe('');
    },
    15 * 60_000,
  );
});
