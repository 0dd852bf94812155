import type { Solution } from '@portal/domain/shopping';
import { describe, expect, it } from 'vitest';
import { type MergedRow, SolutionsCache } from './solutions-cache';

const rows = (supplier: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${supplier}${i}`, supplier }) as unknown as MergedRow);
const list = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}` }) as unknown as Solution);

describe('SolutionsCache', () => {
  it('answers only while the suppliers progress signature is the same', () => {
    const cache = new SolutionsCache();
    cache.set('search-1', 'gds:done:3|ndc:pending:0', list(3));
    expect(cache.get('search-1', 'gds:done:3|ndc:pending:0')).toHaveLength(3);
    expect(cache.get('search-1', 'gds:done:3|ndc:done:5')).toBeUndefined();
    expect(cache.get('search-2', 'gds:done:3|ndc:pending:0')).toBeUndefined();
  });

  it('drops the least recently used search beyond its capacity', () => {
    const cache = new SolutionsCache(2);
    cache.set('a', 'x', list(1));
    cache.set('b', 'x', list(1));
    expect(cache.get('a', 'x')).toBeDefined();
    cache.set('c', 'x', list(1));
    expect(cache.get('b', 'x')).toBeUndefined();
    expect(cache.get('a', 'x')).toBeDefined();
    expect(cache.get('c', 'x')).toBeDefined();
  });

  it('gives the stored rows of settled suppliers only when every one of them was kept here', () => {
    const cache = new SolutionsCache();
    cache.keepStored('search-1', 'sim-gds', rows('g', 2));
    cache.keepStored('search-1', 'sim-lcc', []);
    expect(cache.storedRows('search-1', [])).toEqual([]);
    expect(cache.storedRows('search-1', ['sim-gds', 'sim-lcc'])?.map((r) => r.id)).toEqual(['g0', 'g1']);
    // A supplier this instance did not store for (another instance ran the search): read the database.
    expect(cache.storedRows('search-1', ['sim-gds', 'sim-ndc'])).toBeUndefined();
    expect(cache.storedRows('search-2', [])).toBeUndefined();
  });

  it('drops the stored rows of the least recently used search beyond its capacity', () => {
    const cache = new SolutionsCache(2);
    cache.keepStored('a', 's', rows('a', 1));
    cache.keepStored('b', 's', rows('b', 1));
    expect(cache.storedRows('a', ['s'])).toHaveLength(1);
    cache.keepStored('c', 's', rows('c', 1));
    expect(cache.storedRows('b', ['s'])).toBeUndefined();
    expect(cache.storedRows('a', ['s'])).toHaveLength(1);
    expect(cache.storedRows('c', ['s'])).toHaveLength(1);
  });

  it('lays the progress kept here over what the database said, in its order', () => {
    const cache = new SolutionsCache();
    const pending = (name: string) => ({ name, status: 'pending' as const, count: 0, elapsedMs: 0 });
    const read = [pending('sim-gds'), pending('sim-lcc')];
    expect(cache.progressSince('search-1', read)).toBeUndefined();
    cache.keepProgress('search-1', { name: 'sim-lcc', status: 'done', count: 4, elapsedMs: 200 });
    expect(cache.progressSince('search-1', read)).toEqual([
      pending('sim-gds'),
      { name: 'sim-lcc', status: 'done', count: 4, elapsedMs: 200 },
    ]);
  });
});
