import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  readGroupPassengerUploadErrors,
  type GroupPassengerRowError as PlainRowError,
} from './group-passenger-errors';
import { GroupPassengerUploadErrors, type GroupPassengerRowError } from './group-passenger-list';

const ROWS = [null, undefined, 0, 1, 2, 37, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '2'];
const COLUMNS = [null, undefined, 'type', 'documentExpiry', 'Surname', 'bogus', 3];
const KEYS = [
  'passenger.surname.required',
  'passengerList.gender.invalid',
  'passengerList.documentNumber.duplicate',
  'passengerList.bogus',
  undefined,
  null,
];
const PARAMS: unknown[] = [
  {},
  { max: 50 },
  { type: 'adult', expected: 2, found: 3 },
  { value: Number.NaN },
  { value: Number.POSITIVE_INFINITY },
  { value: null },
  { value: true },
  { value: { nested: 1 } },
  [],
  ['x'],
  null,
  undefined,
  'x',
  new Date(0),
  Object.assign(Object.create(null) as object, { a: 'b' }),
];

/** Row errors: every mix of the four fields' candidates, with and without an extra field. */
function rowErrors(): unknown[] {
  const out: unknown[] = [];
  for (const row of ROWS) {
    for (const column of COLUMNS) {
      for (const key of KEYS) out.push({ row, column, key, params: {} });
    }
  }
  for (const params of PARAMS) {
    out.push({ row: 3, column: 'surname', key: KEYS[0], params });
    out.push({ row: null, column: null, key: KEYS[1], params, extra: 'dropped' });
  }
  out.push({ row: 3, column: 'surname', key: KEYS[0] }, null, 'error', 7, [], [{ row: 1 }]);
  return out;
}

/** Two errors with a hole between them (a sparse array). */
function withHole(error: unknown): unknown[] {
  const errors = [error, error, error];
  delete errors[1];
  return errors;
}

describe('reading a refused upload without zod', () => {
  it('gives what GroupPassengerUploadErrors parses, or nothing where it fails, on about 1,600 inputs', () => {
    const items = rowErrors();
    const good = { row: 2, column: 'type', key: 'passengerList.gender.invalid', params: { a: 'b' } };
    const candidates: unknown[] = [
      null,
      undefined,
      'x',
      3,
      [],
      {},
      { errors: null },
      { errors: 'x' },
      { errors: {} },
    ];
    candidates.push(
      { errors: [] },
      { errors: [], other: 1 },
      { errors: [good, good] },
      { errors: withHole(good) },
    );
    for (const item of items)
      candidates.push({ errors: [item] }, { errors: [good, item] }, { errors: [item, good] });
    expect(candidates.length).toBeGreaterThan(1_600);
    let accepted = 0;
    for (const data of candidates) {
      const parsed = GroupPassengerUploadErrors.safeParse(data);
      const read = readGroupPassengerUploadErrors(data);
      expect(read, JSON.stringify(data)).toEqual(parsed.success ? parsed.data.errors : undefined);
      if (read) accepted += 1;
    }
    // Both answers are exercised: many inputs are accepted, many refused.
    expect(accepted).toBeGreaterThan(100);
    expect(candidates.length - accepted).toBeGreaterThan(100);
  });

  it('types a row error as the schema does', () => {
    expectTypeOf<PlainRowError>().toEqualTypeOf<GroupPassengerRowError>();
  });
});
