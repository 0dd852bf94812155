import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../platform/db';
import type { FuzzCase } from './cases';
import { PERSONAL_MARKERS } from './values';

/**
 * What the suite checks after each request: no 5xx, no write made by a refused (4xx) request,
 * and no personal data in the log. Database state is one query: the row count of every table,
 * checksums of the money tables, and the background work still running.
 */

/** Tables whose every value is compared (not only their row counts). */
export const MONEY_TABLES = ['ledger_accounts', 'journal_entries', 'ledger_postings'] as const;

/**
 * Background work an accepted request may leave running, which writes after the answer: the
 * suite waits for it before the next request so that its writes are not blamed on that one.
 */
const BACKGROUND: readonly { table: string; where: string; what: string }[] = [
  {
    table: 'search_suppliers',
    where: `status = 'pending'`,
    what: 'suppliers still answering an async search',
  },
];

export interface DbState {
  /** `count:<table>` -> row count, `sum:<table>` -> checksum of its rows (money tables). */
  counts: Record<string, string>;
  pending: number;
}

export interface Snapshotter {
  tables: string[];
  take(): Promise<DbState>;
  /** Waits (yielding to the event loop, bounded) until no background work is left. */
  settle(): Promise<DbState>;
}

async function rows(database: Database, query: string): Promise<Record<string, unknown>[]> {
  const result: unknown = await database.db.execute(sql.raw(query));
  const list = (result as { rows?: unknown }).rows;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Prepares the one snapshot query for the tables of the current schema. */
export async function createSnapshotter(database: Database): Promise<Snapshotter> {
  const tables = (
    await rows(
      database,
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((r) => String(r.name));
  const columns = tables.map((t) => `(select count(*) from ${ident(t)})::text as ${ident(`count:${t}`)}`);
  for (const t of MONEY_TABLES.filter((m) => tables.includes(m))) {
    columns.push(
      `(select coalesce(sum(hashtext(x::text)::bigint), 0)::text from ${ident(t)} x) as ${ident(`sum:${t}`)}`,
    );
  }
  const background = BACKGROUND.filter((b) => tables.includes(b.table));
  columns.push(
    `(${background.map((b) => `(select count(*) from ${ident(b.table)} where ${b.where})`).join(' + ') || '0'})::int as "pending"`,
  );
  const query = `select ${columns.join(', ')}`;
  const take = async (): Promise<DbState> => {
    const [row] = await rows(database, query);
    const counts: Record<string, string> = {};
    let pending = 0;
    for (const [key, value] of Object.entries(row ?? {})) {
      if (key === 'pending') pending = Number(value);
      else counts[key] = String(value);
    }
    return { counts, pending };
  };
  return {
    tables,
    take,
    async settle() {
      let state = await take();
      for (let polls = 0; state.pending > 0 && polls < 5000; polls += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        state = await take();
      }
      return state;
    },
  };
}

/**
 * Tables a refused request is meant to write: the user log records refusals so that attempts
 * leave a trace (its row is written after the answer is sent, so it may land in the next
 * request's window), `login_failures` counts refused logins and wrong current passwords for
 * the login limits, and `platform_audit_log` records refused platform sign-ins. They are left out
 * here and tested on their own (`users/user-log.test.ts`, `auth/login-limit.test.ts`,
 * `platform-admin/sign-in.test.ts`).
 */
export const AUDIT_TABLES = ['user_logs', 'login_failures', 'platform_audit_log'] as const;

const isAudit = (key: string) =>
  (AUDIT_TABLES as readonly string[]).includes(key.replace(/^(count|sum):/, ''));

/** The tables whose count or checksum differ, as `table: before -> after` (audit tables left out). */
export function changes(before: DbState, after: DbState): string[] {
  return Object.keys(after.counts)
    .filter((k) => before.counts[k] !== after.counts[k] && !isAudit(k))
    .map((k) =>
      k.startsWith('sum:')
        ? `${k.slice(4)}: values changed`
        : `${k.slice(6)}: ${before.counts[k]} -> ${after.counts[k]}`,
    );
}

export type IdentityName = 'anonymous' | 'admin' | 'finance' | 'subop';

export interface Sent {
  identity: IdentityName;
  key: string | undefined;
  requestId: string;
  response: LightMyRequestResponse;
}

const LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'xx;q=0.1'];

/** Sends one case as `identity` (with its bearer token), with or without an Idempotency-Key. */
export async function send(
  app: FastifyInstance,
  fuzzCase: FuzzCase,
  identity: IdentityName,
  token: string | undefined,
  key: string | undefined,
  requestId: string,
): Promise<Sent> {
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    'accept-language': LANGUAGES[requestId.length % LANGUAGES.length] ?? 'en',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key !== undefined) headers['idempotency-key'] = key;
  if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
  Object.assign(headers, fuzzCase.headers);
  const response = await app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers,
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  });
  return { identity, key, requestId, response };
}

export type FindingKind = '5xx' | 'refused request wrote' | 'personal data logged';

export interface Finding {
  kind: FindingKind;
  /** `METHOD /path` of the document. */
  operation: string;
  status: number;
  /** The class: what the server said went wrong (its log), or which tables changed. */
  cause: string;
  count: number;
  sample: {
    case: string;
    identity: IdentityName;
    idempotencyKey: boolean;
    method: string;
    url: string;
    body: string;
    response: string;
    log: string;
  };
}

const MARKERS = Object.values(PERSONAL_MARKERS);

interface LogLine {
  level?: number;
  reqId?: string;
  msg?: string;
  err?: { type?: string; message?: string };
}

function parseLines(lines: string[]): LogLine[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

function short(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/** One line of what the server logged as the error of a request (its highest-level line). */
function errorLine(lines: LogLine[]): string {
  const worst = [...lines].sort((a, b) => (b.level ?? 0) - (a.level ?? 0))[0];
  if (!worst || (worst.level ?? 0) < 40) return '(nothing logged at warn or above)';
  return short(`${worst.msg ?? ''}: ${worst.err?.type ?? ''}: ${worst.err?.message ?? ''}`, 400);
}

/** A class key: the error's type and message with numbers, ids and quoted text blurred. */
function classOf(text: string): string {
  return text
    .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/gi, '<id>')
    .replace(/\d+/g, 'N')
    .replace(/"[^"]*"/g, '"…"')
    .split('\n')[0]
    ?.slice(0, 160) as string;
}

/** Collects findings, one entry per class with its first sample and a count. */
export class Findings {
  private readonly byClass = new Map<string, Finding>();
  requests = 0;
  readonly statuses = new Map<number, number>();
  /** Per operation: how many requests answered each status (the report shows the coverage). */
  readonly byOperation = new Map<string, Record<number, number>>();

  /**
   * Judges one answered case: `before`/`after` database states (after is undefined for an
   * accepted request), the log lines the server wrote for it.
   */
  judge(
    operation: string,
    fuzzCase: FuzzCase,
    sent: Sent,
    before: DbState,
    after: DbState | undefined,
    log: string[],
  ): void {
    this.requests += 1;
    const status = sent.response.statusCode;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const perOperation = this.byOperation.get(operation) ?? {};
    perOperation[status] = (perOperation[status] ?? 0) + 1;
    this.byOperation.set(operation, perOperation);
    const own = parseLines(log).filter((l) => l.reqId === sent.requestId);
    const add = (kind: FindingKind, cause: string) => {
      const key = `${kind} ${operation} ${status} ${classOf(cause)}`;
      const found = this.byClass.get(key);
      if (found) {
        found.count += 1;
        return;
      }
      const body = fuzzCase.payload === undefined ? '' : String(fuzzCase.payload);
      this.byClass.set(key, {
        kind,
        operation,
        status,
        cause,
        count: 1,
        sample: {
          case: fuzzCase.label,
          identity: sent.identity,
          idempotencyKey: sent.key !== undefined,
          method: fuzzCase.method,
          url: short(fuzzCase.url, 300),
          body: short(body, 600),
          response: short(sent.response.body, 300),
          log: errorLine(own),
        },
      });
    };
    if (status >= 500) add('5xx', errorLine(own));
    if (status >= 400 && status < 500 && after) {
      const changed = changes(before, after);
      if (changed.length > 0) add('refused request wrote', changed.join(', '));
    }
    const leaked = MARKERS.filter((m) => log.some((line) => line.includes(m)));
    if (leaked.length > 0) add('personal data logged', `log lines carry ${leaked.join(', ')}`);
  }

  list(): Finding[] {
    return [...this.byClass.values()];
  }
}

/** The findings as text for a failing test: one block per class with its sample. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map((f) =>
      [
        `${f.kind} — ${f.operation} → ${f.status} ×${f.count}: ${f.cause}`,
        `    case: ${f.sample.case} (as ${f.sample.identity}${f.sample.idempotencyKey ? ', with Idempotency-Key' : ''})`,
        `    request: ${f.sample.method} ${f.sample.url}${f.sample.body ? ` ${f.sample.body}` : ''}`,
        `    answer: ${f.sample.response}`,
        `    server log: ${f.sample.log}`,
      ].join('\n'),
    )
    .join('\n');
}
