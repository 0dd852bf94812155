import { describe, expect, it } from 'vitest';
import { OrderListCache } from './list-cache';
import { applyOrderListNotification } from './order-list-changes';

/** A cache on a clock the test moves, listening unless told otherwise. */
function cacheOf(
  options: { maxAgeMs?: number; maxEntries?: number; maxWeight?: number; listening?: boolean } = {},
) {
  let now = 0;
  const cache = new OrderListCache({
    maxAgeMs: options.maxAgeMs ?? 30_000,
    ...(options.maxEntries === undefined ? {} : { maxEntries: options.maxEntries }),
    ...(options.maxWeight === undefined ? {} : { maxWeight: options.maxWeight }),
    clock: () => now,
  });
  if (options.listening ?? true) cache.setListening(true);
  return { cache, advance: (ms: number) => (now += ms) };
}

/** A statement that answers `value` only once the test releases it. */
function held<T>(value: T) {
  const gate = { release: () => {} };
  const promise = new Promise<T>((resolve) => {
    gate.release = () => resolve(value);
  });
  return { load: () => promise, release: () => gate.release() };
}

/** A loader that counts its runs and answers `answer`. */
function loader<T>(answer: T) {
  const loads = { count: 0 };
  return { loads, load: async () => ((loads.count += 1), answer) };
}

describe('OrderListCache', () => {
  it('answers a second read of the same key from the cache', async () => {
    const { cache } = cacheOf();
    const { loads, load } = loader(['row']);
    expect(await cache.read('k', 1, load)).toEqual(['row']);
    expect(await cache.read('k', 1, load)).toEqual(['row']);
    expect(loads.count).toBe(1);
  });

  it("misses after the agency's answers were invalidated, and keeps other agencies' answers", async () => {
    const { cache } = cacheOf();
    const { loads, load } = loader('x');
    await cache.read('a', 1, load);
    await cache.read('b', 2, load);
    cache.invalidate(1);
    await cache.read('a', 1, load);
    await cache.read('b', 2, load);
    expect(loads.count).toBe(3);
  });

  it('does not keep an answer whose agency changed while its statement ran', async () => {
    const { cache } = cacheOf();
    const statement = held('old');
    const running = cache.read('k', 1, statement.load);
    cache.invalidate(1);
    statement.release();
    expect(await running).toBe('old');
    const { loads, load } = loader('new');
    expect(await cache.read('k', 1, load)).toBe('new');
    expect(loads.count).toBe(1);
  });

  it('keeps an answer when only another agency changed while its statement ran', async () => {
    const { cache } = cacheOf();
    const statement = held('one');
    const running = cache.read('k', 1, statement.load);
    cache.invalidate(2);
    statement.release();
    await running;
    const { loads, load } = loader('again');
    expect(await cache.read('k', 1, load)).toBe('one');
    expect(loads.count).toBe(0);
  });

  it('drops an answer at its maximum age, counted from when its statement started', async () => {
    const { cache, advance } = cacheOf({ maxAgeMs: 1_000 });
    const { loads, load } = loader('x');
    await cache.read('k', 1, load);
    advance(999);
    await cache.read('k', 1, load);
    expect(loads.count).toBe(1);
    advance(1);
    await cache.read('k', 1, load);
    expect(loads.count).toBe(2);
  });

  it('holds at most maxEntries answers and evicts the least recently used', async () => {
    const { cache } = cacheOf({ maxEntries: 2 });
    const { loads, load } = loader('x');
    await cache.read('a', 1, load);
    await cache.read('b', 1, load);
    await cache.read('a', 1, load); // a is now the most recently used
    await cache.read('c', 1, load); // evicts b
    expect(cache.size).toBe(2);
    expect(loads.count).toBe(3);
    await cache.read('a', 1, load);
    expect(loads.count).toBe(3);
    await cache.read('b', 1, load);
    expect(loads.count).toBe(4);
  });

  it('holds at most maxWeight rows in all, evicting the least recently used answers', async () => {
    const { cache } = cacheOf({ maxWeight: 50 });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
    const { loads, load } = loader(rows(20));
    const weigh = (value: number[]) => value.length;
    await cache.read('a', 1, load, weigh);
    await cache.read('b', 1, load, weigh);
    expect(cache.size).toBe(2);
    await cache.read('c', 1, load, weigh); // 60 rows: a goes
    expect(cache.size).toBe(2);
    await cache.read('b', 1, load, weigh);
    await cache.read('c', 1, load, weigh);
    expect(loads.count).toBe(3);
    await cache.read('a', 1, load, weigh);
    expect(loads.count).toBe(4);
  });

  it('is bypassed before listening starts: no hits and nothing stored', async () => {
    const { cache } = cacheOf({ listening: false });
    const { loads, load } = loader('x');
    await cache.read('k', 1, load);
    await cache.read('k', 1, load);
    expect(loads.count).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('is bypassed and emptied while listening is lost, and starts empty when it is back', async () => {
    const { cache } = cacheOf();
    const { loads, load } = loader('x');
    await cache.read('k', 1, load);
    cache.setListening(false);
    expect(cache.size).toBe(0);
    await cache.read('k', 1, load);
    expect(cache.size).toBe(0);
    cache.setListening(true);
    await cache.read('k', 1, load);
    await cache.read('k', 1, load);
    expect(loads.count).toBe(3);
  });

  it('does not keep an answer whose statement ran across a loss of listening', async () => {
    const { cache } = cacheOf();
    const statement = held('old');
    const running = cache.read('k', 1, statement.load);
    // A write may have been missed in the gap, and no agency's generation says so.
    cache.setListening(false);
    cache.setListening(true);
    statement.release();
    await running;
    expect(cache.size).toBe(0);
  });

  it('is off with a maximum age of 0', async () => {
    const { cache } = cacheOf({ maxAgeMs: 0 });
    const { loads, load } = loader('x');
    await cache.read('k', 1, load);
    await cache.read('k', 1, load);
    expect(cache.active).toBe(false);
    expect(loads.count).toBe(2);
  });
});

describe('applyOrderListNotification', () => {
  it("invalidates the named agency of this schema, everything on `*`, and ignores other schemas' notifications", async () => {
    const { cache } = cacheOf();
    const { loads, load } = loader('x');
    const fill = async () => {
      await cache.read('a', 1, load);
      await cache.read('b', 2, load);
    };
    await fill();
    applyOrderListNotification(cache, 'public', 't_other:1');
    applyOrderListNotification(cache, 'public', 'public:3');
    await fill();
    expect(loads.count).toBe(2);
    applyOrderListNotification(cache, 'public', 'public:1');
    await fill();
    expect(loads.count).toBe(3);
    applyOrderListNotification(cache, 'public', 'public:*');
    await fill();
    expect(loads.count).toBe(5);
    applyOrderListNotification(cache, 'public', 'public:not-a-number');
    await fill();
    expect(loads.count).toBe(7);
  });
});
