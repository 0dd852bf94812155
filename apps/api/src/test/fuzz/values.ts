import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/**
 * Value catalogues of the fuzz suite: bad values of each kind, and valid values derived from a
 * field's JSON schema (with a few name-based hints, because refinements such as calendar dates
 * do not appear in the document).
 */

/** Strings that have broken something somewhere: NUL, lone surrogates, controls, huge, injections. */
export const NASTY_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\u0001\u001f\u007f',
  '\u0085\u2028\u2029',
  '\u202egnp.exe',
  '\ufeffBOM',
  '🛫'.repeat(60),
  ' ',
  '',
  "' OR '1'='1",
  '"; drop table users; --',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  'A'.repeat(100_000),
];

/** Numbers a string field may be parsed into, and the edges of the number types. */
export const NASTY_NUMBER_STRINGS: readonly string[] = [
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '1.5',
  '0x10',
  '1,000',
  '90000000000000.00',
  '-0.001',
];

/** Dates and months out of range or not on the calendar. */
export const NASTY_DATES: readonly string[] = [
  '9999-12-31',
  '0000-00-00',
  '2024-02-30',
  '1899-12-31',
  '2200-01-01',
  '99999-01-01',
  '2024-13-01',
  '9999-01',
  '0000-00',
  '2024-1-1',
  '-2024-01-01',
  '2024-01-01T25:61:00Z',
];

export const NASTY_NUMBERS: readonly number[] = [
  -1,
  0,
  1e308,
  -1e308,
  1.5,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e-300,
  90_000_000_000_000,
  2_147_483_648,
];

/** Every bad scalar, for the random cases. */
export const ALL_BAD_VALUES: readonly unknown[] = [
  ...NASTY_STRINGS,
  ...NASTY_NUMBER_STRINGS,
  ...NASTY_DATES,
  ...NASTY_NUMBERS,
  null,
  true,
  false,
  {},
  [],
  [null],
  { $gt: '' },
  { constructor: { prototype: { polluted: 1 } } },
];

/** The JSON type(s) a schema asks for (the first non-null one of a union). */
export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum?.length) return typeof schema.enum[0];
  const types = [schema.type ?? []].flat().filter((t) => t !== 'null');
  if (types[0]) return types[0];
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  const alternative = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => typeOf(s) !== 'null');
  return alternative ? typeOf(alternative) : undefined;
}

/** A value of another JSON type than the schema's. */
export function wrongTypeFor(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return '12';
    case 'boolean':
      return 'true';
    case 'array':
      return { 0: 'x' };
    case 'object':
      return ['x'];
    default:
      return { unexpected: [1] };
  }
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A field name hint: `birthday`, `dateFrom`, `expiryDate`, `month`, `email`, `currency`, … */
export function hintOf(key: string | undefined): string | undefined {
  if (!key) return undefined;
  const k = key.toLowerCase();
  if (k === 'birthday' || k === 'birthdate') return 'birthday';
  if (k.endsWith('month')) return 'month';
  if (k.includes('date') || ['from', 'to', 'since', 'until'].includes(k)) return 'date';
  if (k.includes('email')) return 'email';
  if (k === 'currency') return 'currency';
  if (k.endsWith('at') && k.length > 2) return 'datetime';
  return undefined;
}

/** Markers put into personal fields: the suite checks that no log line ever carries them. */
export const PERSONAL_MARKERS = { surname: 'FUZZQIAN', given_names: 'FUZZMEIHUA', number: 'E90817263' };

function fromPattern(pattern: string, seed: number): string | undefined {
  try {
    return fc.sample(fc.stringMatching(new RegExp(pattern)), { seed, numRuns: 1 })[0];
  } catch {
    return undefined;
  }
}

function fits(schema: JsonSchema, text: string): boolean {
  if (schema.minLength !== undefined && text.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && text.length > schema.maxLength) return false;
  try {
    return !schema.pattern || new RegExp(schema.pattern).test(text);
  } catch {
    return false;
  }
}

function exampleString(schema: JsonSchema, key: string | undefined, now: number): string {
  const marker = key ? PERSONAL_MARKERS[key as keyof typeof PERSONAL_MARKERS] : undefined;
  const hint = schema.format === 'date' ? 'date' : schema.format === 'email' ? 'email' : hintOf(key);
  const candidates = [
    marker,
    hint === 'birthday' ? '1990-05-17' : undefined,
    hint === 'date' ? isoDay(now + 40 * DAY) : undefined,
    hint === 'month' ? isoDay(now - 31 * DAY).slice(0, 7) : undefined,
    hint === 'email' ? 'fuzz@example.com' : undefined,
    hint === 'currency' ? 'CNY' : undefined,
    hint === 'datetime' || schema.format === 'date-time' ? new Date(now).toISOString() : undefined,
    schema.format === 'uuid' ? '6f1c2a6e-2d1f-4d5b-9a43-0c9b1f1a2b3c' : undefined,
    schema.format === 'uri' ? 'https://example.com/x' : undefined,
    schema.pattern ? fromPattern(schema.pattern, 7) : undefined,
  ];
  for (const candidate of candidates)
    if (candidate !== undefined && fits(schema, candidate)) return candidate;
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 8, 8));
  return 'FUZZTEXT'.repeat(Math.ceil(length / 8)).slice(0, length);
}

function exampleNumber(schema: JsonSchema): number {
  const integer = typeOf(schema) === 'integer';
  let low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : low + 10);
  if (low > high) low = high;
  return integer ? Math.ceil(low) : low;
}

/**
 * A deterministic value the schema accepts, with every property present (so that each field can
 * be spoilt in turn against an otherwise good body).
 */
export function exampleOf(schema: JsonSchema, key?: string, now = Date.now(), depth = 0): unknown {
  if (depth > 10) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined && typeOf(schema) !== 'object') return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const first = alternatives.find((s) => typeOf(s) !== 'null') ?? alternatives[0];
    return first ? exampleOf(first, key, now, depth + 1) : null;
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, key, now, depth + 1)));
  }
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, exampleOf(v, k, now, depth + 1)]),
      );
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => exampleOf(schema.items ?? {}, key, now, depth + 1));
    }
    case 'string':
      return exampleString(schema, key, now);
    case 'number':
    case 'integer':
      return exampleNumber(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'FUZZ';
  }
}

/** A fast-check arbitrary of values the schema accepts (structure, types, lengths, enums, patterns). */
export function arbitraryOf(
  schema: JsonSchema,
  key?: string,
  now = Date.now(),
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, key, now, depth + 1)));
  if (schema.allOf?.length) {
    return fc
      .tuple(...schema.allOf.map((s) => arbitraryOf(s, key, now, depth + 1)))
      .map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v, k, now, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, key, now, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'string':
      return stringArbitrary(schema, key, now);
    case 'integer':
    case 'number': {
      const example = exampleNumber(schema);
      const max =
        schema.maximum ??
        (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : example + 1000);
      const min = Math.min(example, max);
      return typeOf(schema) === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema, key: string | undefined, now: number): fc.Arbitrary<unknown> {
  const hint = schema.format === 'date' ? 'date' : hintOf(key);
  if (hint === 'date' || hint === 'birthday') {
    const base = hint === 'birthday' ? now - 30 * 365 * DAY : now;
    return fc.integer({ min: -400, max: 400 }).map((days) => isoDay(base + days * DAY));
  }
  if (hint === 'month')
    return fc.integer({ min: -24, max: 2 }).map((m) => isoDay(now + m * 31 * DAY).slice(0, 7));
  if (schema.pattern) {
    try {
      const re = new RegExp(schema.pattern);
      return fc.stringMatching(re).filter((s) => fits(schema, s));
    } catch {
      // fall through to plain strings
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  return fc.oneof(
    fc.constant(exampleString(schema, key, now)),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

/** A schema of a known good value's shape (every key required), for operations that declare none. */
export function schemaOf(value: unknown): JsonSchema {
  if (Array.isArray(value)) {
    return { type: 'array', minItems: 1, items: value.length ? schemaOf(value[0]) : {} };
  }
  if (value === null) return { type: 'null' };
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map(([k, v]) => [k, schemaOf(v)])),
      required: entries.map(([k]) => k),
      additionalProperties: false,
    };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value };
}
