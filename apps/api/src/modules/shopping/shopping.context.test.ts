import { describe, expect, it } from 'vitest';
import { newId } from './shopping.context';

describe('newId', () => {
  it('gives distinct URL-safe ids of 12 random bytes, also across the draws of random bytes', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
