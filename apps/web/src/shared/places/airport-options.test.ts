import { beforeAll, describe, expect, it } from 'vitest';
import { placeLabel, searchOptions } from './airport-options';
import { loadReferenceData, type ReferenceData } from './use-reference-data';

let ref: ReferenceData;
beforeAll(async () => {
  ref = await loadReferenceData();
});

const values = (query: string, airportsOnly: boolean) =>
  searchOptions(ref, query, 'en', airportsOnly).map((o) => o.value);

describe('a code shared by a city of several airports and one of them (SHA)', () => {
  it('is the city outside multi-city, as the search reads it: no separate Hongqiao line', () => {
    const found = values('SHA', false);
    expect(found).toContain('city:SHA');
    expect(found).toContain('PVG');
    expect(found).not.toContain('SHA');
    // Looking the airport up by name offers the city it stands for.
    expect(values('Hongqiao', false)).toContain('city:SHA');
    expect(placeLabel(ref, 'SHA', 'en')).toMatch(/^Shanghai \(SHA\)$/);
  });

  it('is the airport in multi-city, which takes airports only', () => {
    expect(values('SHA', true)).toContain('SHA');
    expect(placeLabel(ref, 'SHA', 'en', true)).toMatch(/Hongqiao.*\(SHA\)$/);
  });

  it('leaves other codes as they are', () => {
    expect(placeLabel(ref, 'PVG', 'en')).toMatch(/Pudong.*\(PVG\)$/);
    expect(placeLabel(ref, 'BJS', 'en')).toMatch(/^Beijing \(BJS\)$/);
  });
});
