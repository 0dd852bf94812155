import { NASTY_DATES, NASTY_NUMBER_STRINGS, hintOf } from './values';
import { brokenImageCorpus } from '../../modules/passengers/passport-image.test-helpers';

/**
 * What the suite sends in place of good path parameters, query values and bodies: encodings,
 * raw texts, content types and uploads that are not what an operation takes.
 */

/** Path parameter values: encoded NUL, invalid UTF-8, very long, not a uuid, number edges. */
export const BAD_PATH_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%E0%A4%A',
  'x'.repeat(5000),
  'not-a-uuid',
  '-1',
  '0',
  '1e308',
  'NaN',
  '99999999999999999999999',
  '1.5',
  '%20',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-0000-0000-000000000000',
  '6f1c2a6e-2d1f-4d5b-9a43-0c9b1f1a2b3c',
  '%27%20OR%201%3D1--',
  '%F0%9F%9B%AB',
];

/** Query values every parameter gets, already encoded: empty, NUL, a lone surrogate, huge. */
export const FIXED_QUERY_VALUES: readonly string[] = ['', '%00', '%ED%A0%80', 'x'.repeat(10_000)];
export const BROKEN_ENCODINGS: readonly string[] = ['%E0%A4%A', '%01%1F%7F', '%', '%FF'];

/**
 * The bad values of one query parameter, encoded: the fixed ones, then every bad date for a
 * date or month (the class that reached PostgreSQL before), else a rotating pick of numbers,
 * dates and broken encodings.
 */
export function badQueryValues(name: string, index: number, probe: boolean): string[] {
  const hint = hintOf(name);
  const enc = (v: string) => encodeURIComponent(v);
  const pick = <T>(list: readonly T[], offset: number) => list[(index + offset) % list.length] as T;
  if (hint === 'date' || hint === 'month' || hint === 'birthday') {
    return [...(probe ? [] : FIXED_QUERY_VALUES), ...NASTY_DATES.map(enc)];
  }
  const rotating = [
    enc(pick(NASTY_NUMBER_STRINGS, 0)),
    enc(pick(NASTY_NUMBER_STRINGS, 6)),
    enc(pick(NASTY_DATES, 0)),
    pick(BROKEN_ENCODINGS, 0),
  ];
  return probe
    ? [pick(FIXED_QUERY_VALUES, 0), ...rotating.slice(0, 2)]
    : [...FIXED_QUERY_VALUES, ...rotating];
}

/** Query names a list or export may read; probed where a GET declares no query. */
export const PROBE_QUERY_NAMES: readonly string[] = [
  'dateFrom',
  'dateTo',
  'month',
  'page',
  'pageSize',
  'status',
  'keyword',
];

/** Bodies that are not what any operation takes, as raw text (not always JSON). */
export const RAW_BODIES: readonly { label: string; text: string; deep?: boolean }[] = [
  { label: 'body null', text: 'null' },
  { label: 'body number', text: '1' },
  { label: 'body string', text: '"x"' },
  { label: 'body array', text: '[]' },
  { label: 'body true', text: 'true' },
  { label: 'body {}', text: '{}' },
  { label: 'malformed JSON {', text: '{' },
  { label: 'malformed JSON unterminated', text: '{"a":' },
  { label: 'malformed JSON trailing comma', text: '[1,]' },
  { label: 'malformed JSON single quotes', text: "{'a':1}" },
  { label: 'malformed JSON NUL', text: '\u0000' },
  { label: 'JSON with a BOM', text: '\ufeff{}' },
  { label: 'duplicate keys', text: '{"a":1,"a":2}' },
  { label: 'number overflow 1e999999', text: '{"amount":1e999999,"page":1e999999}' },
  { label: '__proto__ key', text: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
  { label: 'NUL escaped in a key', text: '{"a\\u0000b":1}' },
  { label: 'lone surrogate escaped', text: '{"name":"\\ud800"}' },
  { label: 'nested arrays 20000 levels', text: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, deep: true },
  {
    label: 'nested objects 40 levels',
    text: `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
    deep: true,
  },
  { label: 'body over 1 MB', text: `{"a":"${'x'.repeat(1_100_000)}"}` },
];

/** Content types other than JSON for a JSON operation. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
];

export const BOUNDARY = 'fuzzboundary';

/** A multipart body with one part. */
function multipart(field: string, filename: string, type: string, content: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const MULTIPART_BODIES: readonly { label: string; body: Buffer | string; type: string }[] = [
  { label: 'multipart empty file', body: multipart('file', 'a.png', 'image/png', ''), type: 'multipart' },
  {
    label: 'multipart text named .png',
    body: multipart('file', 'passport.png', 'image/png', 'not an image'),
    type: 'multipart',
  },
  {
    label: 'multipart truncated PNG',
    body: multipart('file', 'p.png', 'image/png', Buffer.concat([PNG_HEADER, Buffer.alloc(64, 0)])),
    type: 'multipart',
  },
  {
    label: 'multipart wrong field name',
    body: multipart('other', 'p.png', 'image/png', PNG_HEADER),
    type: 'multipart',
  },
  {
    label: 'multipart NUL and long file name',
    body: multipart('file', `a\u0000${'b'.repeat(5000)}.png`, 'image/png', PNG_HEADER),
    type: 'multipart',
  },
  {
    label: 'multipart without closing boundary',
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx`,
    type: 'multipart',
  },
  { label: 'multipart without boundary', body: 'x', type: 'multipart/form-data' },
  // Broken and hostile images (bad checksum, truncated, zip bomb, huge sizes, wrong magic, …).
  ...brokenImageCorpus().map((image) => ({
    label: `multipart ${image.label}`,
    body: multipart('file', image.filename, image.contentType, image.bytes),
    type: 'multipart',
  })),
];

/** Keys the random bodies of operations without a declared body are built from. */
export const BODY_KEYS = [
  'id',
  'page',
  'amount',
  'currency',
  'credit',
  'exchangeRate',
  'referenceNumber',
  'solutionId',
  'searchId',
  'passengers',
  'contact',
  'surname',
  'given_names',
  'travel_document',
  'number',
  'journeys',
  'date',
  'dateFrom',
  'dateTo',
  'month',
  'channel',
  'pnr',
  'value',
  'name',
  'status',
];

/** Request headers no client of ours sends: forged or huge tokens, cookies without XSRF, odd languages. */
export const BAD_HEADERS: readonly [string, Record<string, string>][] = [
  ['Authorization forged token', { authorization: 'Bearer not-a-real-token' }],
  ['Authorization huge token', { authorization: `Bearer ${'a'.repeat(8000)}` }],
  ['Authorization Basic', { authorization: 'Basic YWRtaW46ZGVtbzEyMzQ=' }],
  ['Cookie without the XSRF header', { cookie: 'XSRF-TOKEN=abc; portal_session=forged' }],
  ['Accept-Language garbage', { 'accept-language': `*;q=NaN,zh-CN;q=2,${'x'.repeat(1000)}` }],
];
