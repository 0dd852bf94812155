import { beforeAll, describe, expect, it } from 'vitest';
import { enterPicksFirst, placeLabel, searchOptions } from './airport-options';
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

describe('Enter in multi-city takes an airport only when its own code was typed', () => {
  const picks = (query: string, airportsOnly: boolean) =>
    enterPicksFirst(ref, query, searchOptions(ref, query, 'en', airportsOnly), airportsOnly);

  it('never for a code naming a city of several airports, a name or nothing typed', () => {
    expect(picks('SHA', true)).toBe(false);
    expect(picks('BJS', true)).toBe(false);
    expect(picks('Shanghai', true)).toBe(false);
    expect(picks('', true)).toBe(false);
  });

  it("for an airport's own code, and always outside multi-city", () => {
    expect(picks('PEK', true)).toBe(true);
    expect(picks('hkg', true)).toBe(true);
    expect(picks('SHA', false)).toBe(true);
  });
});
