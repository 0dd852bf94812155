/*
 * The Duffel API as the adapter calls it: the official client (`@duffel/api`) pointed at the
 * configured base URL, each call bounded by the caller's abort signal, logged with personal data
 * redacted, and its failures read into `DuffelFailure` (status and Duffel's error code).
 */
import { Duffel, DuffelError } from '@duffel/api';
import type { Client } from '@duffel/api/Client';

/** What the adapter writes to the log (pino's shape: an object, then a message). */
export interface DuffelLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

export const SILENT_LOG: DuffelLog = { info: () => undefined, warn: () => undefined };

export interface DuffelClientOptions {
  accessToken: string;
  /** Default: Duffel's own `https://api.duffel.com`. */
  baseUrl?: string;
  log?: DuffelLog;
}

/** Keys whose values are personal data: never logged. */
const PERSONAL_KEYS = new Set([
  'given_name',
  'family_name',
  'born_on',
  'email',
  'phone_number',
  'identity_documents',
  'title',
  'gender',
  'user_id',
  'loyalty_programme_accounts',
]);

/** A copy of a request or answer body with the personal data replaced by `[redacted]`. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, PERSONAL_KEYS.has(key) ? '[redacted]' : redact(inner)]),
  );
}

/** Duffel answered with an error: its HTTP status and the first error's code and message. */
export class DuffelFailure extends Error {
  override readonly name = 'DuffelFailure';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** The failure behind a thrown value: a Duffel error answer, else undefined (network, abort). */
export function failureOf(error: unknown): DuffelFailure | undefined {
  if (error instanceof DuffelFailure) return error;
  if (!(error instanceof DuffelError)) return undefined;
  const first = error.errors[0];
  const meta = error.meta as { status?: number; request_id?: string } | undefined;
  return new DuffelFailure(
    meta?.status ?? 0,
    first?.code ?? 'unknown',
    first?.message ?? first?.title ?? 'Duffel error',
    meta?.request_id ?? null,
  );
}

/** Rejects when `signal` aborts; the HTTP call itself is not cancellable in the official client. */
function bounded<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The official client with logging and abort; one per configured access token. */
export class DuffelClient {
  readonly api: Duffel;
  readonly testMode: boolean;
  private readonly log: DuffelLog;

  constructor(options: DuffelClientOptions) {
    this.api = new Duffel({ token: options.accessToken, basePath: options.baseUrl });
    this.testMode = isTestToken(options.accessToken);
    this.log = options.log ?? SILENT_LOG;
  }

  /**
   * Runs one call of the official client: `operation` names it in the log, `request` is the body
   * or parameters sent (logged redacted). Resolves with the answer's `data`; a Duffel error answer
   * rejects with a `DuffelFailure`, anything else (network, abort) as it is.
   */
  async call<T>(
    operation: string,
    request: unknown,
    run: (api: Duffel) => Promise<{ data: T }>,
    signal: AbortSignal,
  ): Promise<T> {
    const started = Date.now();
    this.log.info({ duffel: operation, request: redact(request) }, 'duffel request');
    try {
      const answer = await bounded(run(this.api), signal);
      this.log.info(
        { duffel: operation, elapsedMs: Date.now() - started, answer: redact(answer.data) },
        'duffel answer',
      );
      return answer.data;
    } catch (error) {
      const failure = failureOf(error);
      this.log.warn(
        {
          duffel: operation,
          elapsedMs: Date.now() - started,
          status: failure?.status,
          code: failure?.code ?? (error instanceof Error ? error.name : 'unknown'),
          requestId: failure?.requestId,
        },
        'duffel failure',
      );
      throw failure ?? error;
    }
  }
}

const isClient = (value: unknown): value is Client =>
  typeof value === 'object' && value !== null && 'request' in value && typeof value.request === 'function';

/**
 * The official client's own HTTP request, for a call whose resource method sends the wrong body:
 * 4.x's `orders.update` posts `{ options: { metadata } }`, which Duffel's API does not read
 * (`PATCH /air/orders/:id` takes `{ metadata }`). Errors come back as the client's `DuffelError`.
 */
export function requestOf(api: Duffel): Client['request'] {
  const inner: unknown = Reflect.get(api, 'client');
  if (!isClient(inner)) throw new Error('duffel: the official client has no request method');
  return inner.request;
}

/** Duffel's test-mode tokens start `duffel_test_` (live ones `duffel_live_`). */
export function isTestToken(token: string): boolean {
  return token.startsWith('duffel_test_');
}
