import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../platform/rate-limits';
import { login, resetDatabase, useTestApp } from '../app';
import { casesFor } from './cases';
import { Fixtures } from './fixtures';
import { operationsOf, SKIPPED, type OpenApiDocument } from './openapi';
import { createSnapshotter, Findings, formatFindings, send, type DbState, type IdentityName } from './oracle';

/**
 * The fuzz suite: for every operation of the OpenAPI document, requests derived from its declared
 * parameters and body (from a known good body where the document declares none), sent as the
 * anonymous user, the demo admin, finance and subop, with and without an Idempotency-Key, at real
 * resources where they can be made (fixtures.ts). Fails on any 5xx, on any write made by a refused
 * request, and on personal data in the log. Deterministic (fixed seed); FUZZ_RUNS (random cases per
 * operation, default 12) and FUZZ_SEED make longer or other runs; FUZZ_REPORT=<file> writes the
 * findings and the statuses per operation as JSON.
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

/**
 * Who sends each case, in turn: the demo admin (who owns the fixtures) every other request,
 * then anonymous, finance (same agency) and subop (a sub-agency's operator).
 */
const ROTATION: readonly IdentityName[] = ['admin', 'anonymous', 'admin', 'finance', 'admin', 'subop'];

/** A session of each identity; the demo data is seeded again if a password no longer works. */
async function sessions(
  app: Awaited<ReturnType<typeof fuzzApp>>,
): Promise<Record<IdentityName, string | undefined> & { admin: string }> {
  const all = async () => ({
    anonymous: undefined,
    admin: await login(app, 'admin'),
    finance: await login(app, 'finance'),
    subop: await login(app, 'subop'),
  });
  try {
    return await all();
  } catch {
    await resetDatabase(t.database);
    return all();
  }
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
      const fixtures = new Fixtures(app, await login(app, 'admin'));
      await fixtures.init();
      let n = 0;
      for (const [opIndex, op] of operations.entries()) {
        // Fresh sessions (an operation may log out or change a password) and fresh resources
        // (it may cancel or pay the order of the operation before).
        const tokens = await sessions(app);
        fixtures.startOperation(tokens.admin);
        const pathValues = await fixtures.pathValues(op);
        const goodBody = fixtures.goodBody(op);
        const goodQuery = await fixtures.goodQuery(op);
        let state: DbState = await snapshots.settle();
        const write = op.method !== 'GET';
        const cases = casesFor(op, { runs: RUNS, seed: SEED, now, pathValues, goodBody, goodQuery });
        for (const [i, fuzzCase] of cases.entries()) {
          n += 1;
          const identity = i === 0 ? 'admin' : (ROTATION[(i + opIndex) % ROTATION.length] ?? 'admin');
          const withKey = fuzzCase.forceKey || (write && Math.floor(i / ROTATION.length) % 2 === 0);
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
      if (fixtures.missing.length > 0) {
        console.warn(
          `fuzz: requests used made-up ids where these could not be made:\n${fixtures.missing.join('\n')}`,
        );
      }
      const list = findings.list();
      if (process.env.FUZZ_REPORT) {
        fs.writeFileSync(
          process.env.FUZZ_REPORT,
          JSON.stringify(
            {
              requests: findings.requests,
              statuses: Object.fromEntries(findings.statuses),
              missingFixtures: fixtures.missing,
              byOperation: Object.fromEntries(findings.byOperation),
              findings: list,
            },
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
