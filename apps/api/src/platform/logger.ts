import type { FastifyServerOptions } from 'fastify';

/** Where log lines go; pino's default (stdout) when absent. Tests pass a stream to read them. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Keys whose values are personal data of passengers, contacts and users, compared without case,
 * `_` or `-` (`given_names`, `givenNames`). Wherever such a key appears in a logged object, its
 * whole value is replaced: `passengers`, `contact` and `travel_document` take their nested names
 * and numbers with them. `input`, `body` and `payload` are request input (zod's `reportInput`).
 */
const PERSONAL_KEYS = new Set(
  [
    'surname',
    'given_names',
    'givenName',
    'firstName',
    'lastName',
    'fullName',
    'realName',
    'nickname',
    'birthday',
    'birthDate',
    'dateOfBirth',
    'travel_document',
    'document',
    'documentNumber',
    'passport',
    'passportNumber',
    'idNumber',
    'number',
    'cardNumber',
    'frequentFlyer',
    'phone',
    'mobile',
    'telephone',
    'email',
    'contact',
    'passenger',
    'passengers',
    'passengerNames',
    'mrz',
    'keyword',
    'input',
    'body',
    'payload',
    'detail',
    'params',
  ].map(normalizeKey),
);

const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

/** True when a logged key's value is personal data (or raw request input) and must not be logged. */
export function isPersonalKey(key: string): boolean {
  const normalized = normalizeKey(key);
  return PERSONAL_KEYS.has(normalized) || PERSONAL_KEYS.has(normalized.replace(/s$/, ''));
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string' &&
      typeof (value as { stack?: unknown }).stack === 'string')
  );
}

/** A PostgreSQL error (node-postgres or PGlite): a SQLSTATE code and a severity. */
function sqlState(error: Error): string | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string'
    ? code
    : undefined;
}

/** From the first double quote to the last: values may hold quotes of their own, unescaped. */
const quoted = /".*"/s;

/**
 * An error's message without the input it may quote: Drizzle's `Failed query: … params: <values>`
 * loses its values, a zod error (whose message is its issues with their input) becomes its paths
 * and messages, and the quoted text of a JSON syntax error or of a PostgreSQL data exception
 * (`invalid input syntax for type date: "…"`) is replaced.
 */
export function safeErrorMessage(error: Error): string {
  const { issues } = error as { issues?: unknown };
  if (Array.isArray(issues)) return issueSummary(issues);
  let message = String(error.message);
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = `${message.slice(0, params)}\nparams: ${REDACTED}`;
  const state = sqlState(error);
  if (error instanceof SyntaxError || (state !== undefined && /^(22|23)/.test(state))) {
    message = message.replace(quoted, `"${REDACTED}"`).replace(/'[^']*'/g, `'${REDACTED}'`);
  }
  return message;
}

function issueSummary(issues: unknown[]): string {
  return issues
    .map((issue) => {
      const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
      return `${Array.isArray(path) ? path.map(String).join('.') : ''}: ${String(message)}`;
    })
    .join('; ');
}

/** Fields of an error that are safe to log (PostgreSQL and Fastify error fields without values). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'errorName',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'query',
] as const;

/** A logged error: what pino's own serializer gives, less the values. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * pino's `err` serializer: the error's type, scrubbed message and stack, and an allowlist of
 * fields, recursively through `cause`. Everything else an error carries (a pg error's `detail`
 * with the row's values, Drizzle's `params`, zod issues' `input`, an AppError's `data`) is left out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!isErrorLike(error)) {
    return { type: typeof error, message: '[not an error]', stack: '', value: scrubPersonal(error, depth) };
  }
  const type =
    typeof error.constructor === 'function' && error.constructor.name !== 'Object'
      ? error.constructor.name
      : String(error.name);
  const message = safeErrorMessage(error);
  const frames = String(error.stack)
    .split('\n')
    .filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const { issues, cause } = error as { issues?: unknown; cause?: unknown };
  if (Array.isArray(issues)) {
    out.issues = issues.map((issue) => {
      const { path, code, message: text } = (issue ?? {}) as Record<string, unknown>;
      return { path, code, message: text };
    });
  }
  if (cause !== undefined && depth < 4) out.cause = serializeError(cause, depth + 1);
  return out;
}

/**
 * A copy of a logged value with personal fields replaced by `[redacted]` at any depth and every
 * error serialized by `serializeError` (whatever key it is logged under).
 */
export function scrubPersonal(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isErrorLike(value)) return serializeError(value, depth);
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => scrubPersonal(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = isPersonalKey(key) ? REDACTED : scrubPersonal(inner, depth + 1);
  }
  return out;
}

/** A URL with the values of personal query parameters (`?passenger=…&contact=…`) redacted. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        return `${pair.slice(0, eq)}=${REDACTED}`;
      }
      return isPersonalKey(key.replace(/\[.*$/, '')) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  id?: unknown;
}

/**
 * pino options: never log passwords, tokens, cookies or the Authorization header, nor personal
 * data of passengers and contacts (names, document numbers, birthdays, phones, e-mails) wherever
 * they appear in a logged object, an error or a request URL's query.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    formatters: {
      log: (object: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          // `err` and `req` keep their objects for their own serializers above.
          if (key === 'err' || key === 'req' || key === 'res') out[key] = value;
          else out[key] = isPersonalKey(key) ? REDACTED : scrubPersonal(value, 1);
        }
        return out;
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.token',
        '*.signature',
      ],
      censor: REDACTED,
    },
  };
}
