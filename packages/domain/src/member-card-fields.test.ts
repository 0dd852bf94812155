import { describe, expect, it } from 'vitest';
import { stringsOver } from './texts.test-helpers';
import { MemberCardBody } from './frequent-passengers';
import {
  isMemberCardAirline,
  isMemberCardExpiryDate,
  isMemberCardGivenNames,
  isMemberCardNumber,
  isMemberCardSurname,
} from './member-card-fields';

/** Every short string over the characters that matter, and the edges of the lengths and dates. */
function candidateTexts(): string[] {
  const texts = stringsOver(['A', 'z', '0', '9', ' ', '-', '.', 'é', '\u0000'], 4);
  for (const n of [3, 4, 19, 20, 21, 39, 40, 41, 59, 60, 61]) {
    texts.add('A'.repeat(n));
    texts.add(` ${'b'.repeat(n)} `);
    texts.add('7'.repeat(n));
    texts.add(`${'A'.repeat(n - 2)} B`);
  }
  for (const text of [
    'LI MING',
    'LI  MING',
    ' LI MING ',
    'li ming',
    'MU',
    'mu',
    'M1',
    '1234 5678',
    '\tAB12\n',
  ]) {
    texts.add(text);
  }
  for (const date of [
    '2026-11-30',
    '1900-01-01',
    '1899-12-31',
    '2199-12-31',
    '2200-01-01',
    '2026-02-29',
    '2028-02-29',
    '2026-13-01',
    '2026-1-1',
    '20261130',
    ' 2026-11-30',
    '2026-11-30T00:00:00Z',
  ]) {
    texts.add(date);
  }
  return [...texts];
}

const texts = candidateTexts();
const shape = MemberCardBody.shape;

describe('member card fields without zod', () => {
  it('tries many texts', () => {
    expect(texts.length).toBeGreaterThan(7000);
  });

  for (const [name, accepts, schema] of [
    ['airline', isMemberCardAirline, shape.airline],
    ['number', isMemberCardNumber, shape.number],
    ['surname', isMemberCardSurname, shape.surname],
    ['given_names', isMemberCardGivenNames, shape.given_names],
    ['expiryDate', isMemberCardExpiryDate, shape.expiryDate],
  ] as const) {
    it(`takes the ${name} texts MemberCardBody takes, and only those`, () => {
      let taken = 0;
      for (const text of texts) {
        const expected = schema.safeParse(text).success;
        expect(accepts(text), JSON.stringify(text)).toBe(expected);
        if (expected) taken += 1;
      }
      expect(taken).toBeGreaterThan(3);
      expect(texts.length - taken).toBeGreaterThan(3);
    });
  }
});
