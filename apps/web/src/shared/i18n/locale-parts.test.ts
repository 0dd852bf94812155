import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/domain/locale';
import { CORE_PREFIXES, LOCALE_PARTS, PART_NAMES, partOfKey, pickPart } from './locale-parts';
import { flattenKeys, LOCALE_FILES } from './resources';

describe('locale parts', () => {
  it.each(LOCALES)('cut the %s file into the core and the parts, each key in exactly one', (locale) => {
    const file = LOCALE_FILES[locale];
    const whole = flattenKeys(file);
    const pieces = (['core', ...PART_NAMES] as const).map((part) => flattenKeys(pickPart(file, part)));
    const joined = new Map(pieces.flatMap((piece) => [...piece]));
    expect(joined).toEqual(whole);
    expect(pieces.reduce((count, piece) => count + piece.size, 0)).toBe(whole.size);
  });

  it('name only prefixes of existing keys', () => {
    const keys = [...flattenKeys(LOCALE_FILES.en).keys()];
    const prefixes = [...Object.values(LOCALE_PARTS).flat(), ...CORE_PREFIXES];
    const unused = prefixes.filter((prefix) => !keys.some((key) => key.startsWith(`${prefix}.`)));
    expect(unused).toEqual([]);
  });

  it('give a key to the longest prefix that names it, and the rest to the core', () => {
    expect(partOfKey('orders.list.title')).toBe('orders');
    expect(partOfKey('orders.status.issued')).toBe('core');
    expect(partOfKey('agencySettings.chain.net')).toBe('flight');
    expect(partOfKey('agencySettings.flight.adjustments')).toBe('agency');
    expect(partOfKey('login.title')).toBe('core');
    expect(partOfKey('ordersExtra.title')).toBe('core');
  });
});
