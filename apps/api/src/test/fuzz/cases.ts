import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi';
import {
  BAD_HEADERS,
  BAD_PATH_VALUES,
  BODY_KEYS,
  BOUNDARY,
  MULTIPART_BODIES,
  PROBE_QUERY_NAMES,
  RAW_BODIES,
  WRONG_CONTENT_TYPES,
  badQueryValues,
} from './request-catalogue';
import {
  ALL_BAD_VALUES,
  NASTY_DATES,
  NASTY_NUMBERS,
  NASTY_NUMBER_STRINGS,
  NASTY_STRINGS,
  arbitraryOf,
  exampleOf,
  schemaOf,
  typeOf,
  wrongTypeFor,
} from './values';
import { fieldsOf, objectPaths, REMOVE, withAt, type Field } from './body-paths';

/** One request of the suite, before an identity and an `Idempotency-Key` are given to it. */
export interface FuzzCase {
  /** What is wrong with it (or `valid …`), for the report. */
  label: string;
  method: string;
  /** Path and query, already encoded. */
  url: string;
  /** The raw body and its content type; none when absent. */
  payload?: string | Buffer;
  contentType?: string;
  /** Sent with a fresh Idempotency-Key whoever sends it (deep bodies are hashed for the key). */
  forceKey?: boolean;
  /** This `Idempotency-Key` header value instead of a fresh one (bad keys, a reused key). */
  keyValue?: string;
  /** Headers that replace the identity's (a forged token, a cookie without its XSRF header). */
  headers?: Record<string, string>;
}

export interface CaseOptions {
  /** Random cases per operation (fast-check runs). */
  runs: number;
  seed: number;
  now: number;
  /** Values of real resources for path parameters (others get a made-up `1`). */
  pathValues?: Record<string, string>;
  /** A body the operation accepts; each of its fields is spoilt in turn (else the schema's example). */
  goodBody?: unknown;
  /** Query values the operation accepts, encoded (else the schema's examples of required ones). */
  goodQuery?: Record<string, string>;
}

function label(value: unknown): string {
  if (value === REMOVE) return 'missing';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 30)}…(${text.length} chars)` : text;
}

/** A plausible value for a path parameter that is not under attack. */
function plausiblePathValue(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return encode(String(schema.enum[0]));
  if (schema?.format === 'uuid') return '6f1c2a6e-2d1f-4d5b-9a43-0c9b1f1a2b3c';
  return '1';
}

/** `encodeURIComponent`, with a lone surrogate sent as the (invalid) UTF-8 of a surrogate. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&')}` : '';
}

/** The good values of the operation's required query parameters, encoded. */
function baseQuery(op: Operation, now: number): [string, string][] {
  return op.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, encode(String(exampleOf(p.schema ?? {}, p.name, now)))]);
}

function urlOf(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1');
  return `${path}${queryString(query)}`;
}

/** The bad values a body field gets, rotating through the catalogues by the field's position. */
function badValuesFor(field: Field, index: number): unknown[] {
  const values: unknown[] = [wrongTypeFor(field.schema), null];
  if (field.required) values.push(REMOVE);
  const pick = <T>(list: readonly T[], offset: number) => list[(index + offset) % list.length] as T;
  const type = typeOf(field.schema);
  if (type === 'string' || type === undefined) {
    values.push(
      pick(NASTY_STRINGS, 0),
      pick(NASTY_STRINGS, 7),
      pick(NASTY_DATES, 0),
      pick(NASTY_NUMBER_STRINGS, 0),
    );
  } else if (type === 'number' || type === 'integer') {
    values.push(pick(NASTY_NUMBERS, 0), pick(NASTY_NUMBERS, 5), pick(NASTY_NUMBER_STRINGS, 0));
  } else if (type === 'array') {
    values.push(
      [],
      Array.from({ length: 10_000 }, () => 1),
      pick(NASTY_STRINGS, 0),
    );
  } else if (type === 'object') {
    values.push({}, pick(NASTY_STRINGS, 0));
  } else {
    values.push(pick(NASTY_STRINGS, 0));
  }
  return values;
}

/**
 * Every request the suite sends to one operation: a good example, each path parameter spoilt,
 * each query parameter spoilt (or common filter names probed), bodies of the wrong shape and
 * content type, each body field wrong in turn, extra fields, uploads that are not images, bad
 * idempotency keys, `runs` random mutations and a few requests drawn from the schema.
 */
export function casesFor(op: Operation, options: CaseOptions): FuzzCase[] {
  const { now } = options;
  const cases: FuzzCase[] = [];
  const pathValues = {
    ...Object.fromEntries(op.pathParams.map((p) => [p.name, plausiblePathValue(p.schema)])),
    ...options.pathValues,
  };
  const query = options.goodQuery ? Object.entries(options.goodQuery) : baseQuery(op, now);
  const example = options.goodBody ?? (op.jsonBody ? exampleOf(op.jsonBody, undefined, now) : undefined);
  // Without a declared body, the fields of a known good body are spoilt all the same.
  const bodySchema = op.jsonBody ?? (example !== undefined ? schemaOf(example) : undefined);
  const isWrite = op.method !== 'GET' && op.method !== 'HEAD';
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const base = (extra: Partial<FuzzCase> & { label: string }): FuzzCase => ({
    method: op.method,
    url: urlOf(op, pathValues, query),
    ...(example !== undefined ? json(example) : {}),
    ...extra,
  });

  cases.push(base({ label: 'valid example' }));
  for (const [name, headers] of BAD_HEADERS) {
    if (isWrite || !('cookie' in headers)) cases.push(base({ label: name, headers }));
  }

  for (const param of op.pathParams) {
    for (const value of BAD_PATH_VALUES) {
      cases.push(
        base({
          label: `path ${param.name}=${label(value)}`,
          url: urlOf(op, { ...pathValues, [param.name]: value }, query),
        }),
      );
    }
  }

  const declared = op.queryParams.map((p) => p.name);
  const probe = declared.length === 0;
  const names = !probe ? declared : op.method === 'GET' ? PROBE_QUERY_NAMES : [];
  names.forEach((name, index) => {
    const others = query.filter(([k]) => k !== name);
    for (const value of badQueryValues(name, index, probe)) {
      cases.push(
        base({
          label: `query ${name}=${label(value)}`,
          url: urlOf(op, pathValues, [...others, [name, value]]),
        }),
      );
    }
    cases.push(
      base({
        label: `query ${name} twice`,
        url: urlOf(op, pathValues, [...others, [name, '1'], [name, '2']]),
      }),
      base({
        label: `query ${name}[x]=1`,
        url: `${urlOf(op, pathValues, others)}${others.length ? '&' : '?'}${name}%5Bx%5D=1`,
      }),
    );
  });
  cases.push(
    base({ label: 'query undeclared parameter', url: urlOf(op, pathValues, [...query, ['fuzzExtra', '1']]) }),
  );

  if (isWrite || op.jsonBody) {
    for (const raw of RAW_BODIES) {
      cases.push(
        base({
          label: raw.label,
          payload: raw.text,
          contentType: 'application/json',
          ...(raw.deep ? { forceKey: true } : {}),
        }),
      );
    }
    const text = example !== undefined ? JSON.stringify(example) : '{"a":1}';
    for (const contentType of WRONG_CONTENT_TYPES) {
      cases.push(base({ label: `content type ${contentType}`, payload: text, contentType }));
    }
    cases.push(base({ label: 'body without content type', payload: text, contentType: '' }));
  }

  if (bodySchema && example !== undefined) {
    fieldsOf(bodySchema).forEach((field, index) => {
      for (const value of badValuesFor(field, index)) {
        cases.push(
          base({
            label: `body ${field.path.join('.')}=${label(value)}`,
            ...json(withAt(example, field.path, value)),
          }),
        );
      }
    });
    for (const path of objectPaths(bodySchema)) {
      cases.push(
        base({
          label: `body ${[...path, 'fuzzExtra'].join('.')} (undeclared)`,
          ...json(withAt(example, [...path, 'fuzzExtra'], 1)),
        }),
      );
    }
  }

  if (op.multipart || (isWrite && !bodySchema && op.method === 'POST')) {
    for (const body of MULTIPART_BODIES) {
      cases.push(
        base({
          label: body.label,
          payload: body.body,
          contentType: body.type === 'multipart' ? `multipart/form-data; boundary=${BOUNDARY}` : body.type,
        }),
      );
    }
  }

  if (isWrite) {
    for (const key of ['', 'k'.repeat(201), 'é-not-ascii', 'a b']) {
      cases.push(base({ label: `Idempotency-Key ${label(key)}`, keyValue: key }));
    }
    const reused = `fuzz-reused-${op.method}-${op.path}`.slice(0, 200);
    cases.push(base({ label: 'Idempotency-Key first use', keyValue: reused }));
    cases.push(
      base({
        label: 'Idempotency-Key reused with another body',
        keyValue: reused,
        payload: JSON.stringify({ fuzzOther: true }),
        contentType: 'application/json',
      }),
    );
  }

  cases.push(...randomCases(op, options, bodySchema, example, pathValues, query));
  return cases;
}

/** `runs` random mutations of the example and a few valid requests drawn from the schema. */
function randomCases(
  op: Operation,
  { runs, seed, now }: CaseOptions,
  bodySchema: JsonSchema | undefined,
  example: unknown,
  pathValues: Record<string, string>,
  query: [string, string][],
): FuzzCase[] {
  if (runs <= 0) return [];
  const cases: FuzzCase[] = [];
  const opSeed = seed ^ hash(`${op.method} ${op.path}`);
  const url = urlOf(op, pathValues, query);
  const isWrite = op.method !== 'GET';
  const badValue: fc.Arbitrary<unknown> = fc.constantFrom(...ALL_BAD_VALUES);

  if (bodySchema && example !== undefined) {
    const fields = fieldsOf(bodySchema);
    const mutation = fields.length
      ? fc.array(fc.tuple(fc.constantFrom(...fields), badValue), { minLength: 1, maxLength: 3 })
      : fc.constant<[Field, unknown][]>([]);
    for (const changes of fc.sample(mutation, { seed: opSeed, numRuns: runs })) {
      let body: unknown = example;
      for (const [field, value] of changes) body = withAt(body, field.path, value);
      const what = changes.map(([f, v]) => `${f.path.join('.')}=${label(v)}`).join(', ');
      cases.push({
        label: `random body ${what}`,
        method: op.method,
        url,
        payload: JSON.stringify(body),
        contentType: 'application/json',
      });
    }
    const valid = Math.max(2, Math.ceil(runs / 4));
    for (const body of fc.sample(arbitraryOf(bodySchema, undefined, now), {
      seed: opSeed + 1,
      numRuns: valid,
    })) {
      cases.push({
        label: 'valid body from the schema',
        method: op.method,
        url,
        payload: JSON.stringify(body),
        contentType: 'application/json',
      });
    }
  } else if (isWrite) {
    const anyBody = fc.dictionary(
      fc.constantFrom(...BODY_KEYS),
      fc.oneof(badValue, fc.jsonValue({ maxDepth: 3 })),
      {
        maxKeys: 6,
      },
    );
    for (const body of fc.sample(anyBody, { seed: opSeed, numRuns: runs })) {
      cases.push({
        label: `random body ${label(body)}`,
        method: op.method,
        url,
        payload: JSON.stringify(body),
        contentType: 'application/json',
      });
    }
  }

  if (op.queryParams.length > 0) {
    const params = op.queryParams;
    const valid = fc.tuple(
      ...params.map((p) => fc.option(arbitraryOf(p.schema ?? {}, p.name, now), { nil: undefined })),
    );
    for (const values of fc.sample(valid, { seed: opSeed + 2, numRuns: Math.max(2, Math.ceil(runs / 4)) })) {
      const pairs = params.flatMap((p, i): [string, string][] =>
        values[i] === undefined && !p.required
          ? []
          : [[p.name, encode(String(values[i] ?? exampleOf(p.schema ?? {}, p.name, now)))]],
      );
      cases.push({
        label: `valid query ${queryString(pairs)}`,
        method: op.method,
        url: urlOf(op, pathValues, pairs),
      });
    }
    const bad = fc.tuple(fc.constantFrom(...params), badValue);
    for (const [param, value] of fc.sample(bad, { seed: opSeed + 3, numRuns: runs })) {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      const pairs: [string, string][] = [
        ...query.filter(([k]) => k !== param.name),
        [param.name, encode(text)],
      ];
      cases.push({
        label: `random query ${param.name}=${label(value)}`,
        method: op.method,
        url: urlOf(op, pathValues, pairs),
      });
    }
  }
  return cases;
}

/** A small stable hash of a string (per-operation seeds). */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
