import type { Solution } from '@portal/domain/shopping';
import { describe, expect, it } from 'vitest';
import { SolutionsCache } from './solutions-cache';

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
});
