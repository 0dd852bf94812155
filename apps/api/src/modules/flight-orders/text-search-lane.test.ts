import { describe, expect, it } from 'vitest';
import { textSearchLane } from './text-search-lane';

/** A promise settled from outside, to hold a read open as long as the test needs. */
function held<T>() {
  let settle!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

describe('the text search lane', () => {
  it('runs one read at a time in arrival order, and a failed read lets the next one run', async () => {
    const lane = textSearchLane(1);
    const started: string[] = [];
    const first = held<string>();
    const second = held<string>();
    const a = lane(() => (started.push('a'), first.promise));
    const b = lane(() => (started.push('b'), second.promise));
    const c = lane(async () => (started.push('c'), 'c'));
    await expect.poll(() => started).toEqual(['a']);
    first.fail(new Error('statement timeout'));
    await expect(a).rejects.toThrow('statement timeout');
    await expect.poll(() => started).toEqual(['a', 'b']);
    second.settle('b');
    expect(await b).toBe('b');
    expect(await c).toBe('c');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('runs as many reads at once as it is wide', async () => {
    const lane = textSearchLane(2);
    const started: number[] = [];
    const reads = [held<number>(), held<number>(), held<number>()];
    const answers = reads.map((read, i) => lane(() => (started.push(i), read.promise)));
    await expect.poll(() => started).toEqual([0, 1]);
    reads[1]?.settle(1);
    await expect.poll(() => started).toEqual([0, 1, 2]);
    reads[0]?.settle(0);
    reads[2]?.settle(2);
    expect(await Promise.all(answers)).toEqual([0, 1, 2]);
  });
});
