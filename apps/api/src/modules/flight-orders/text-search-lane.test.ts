import { describe, expect, it } from 'vitest';
import { TextSearchLane } from './text-search-lane';

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
  it('runs one search at a time in arrival order while another read is under way, a failed one letting the next run', async () => {
    const lane = new TextSearchLane(1);
    const page = held<string>();
    const paging = lane.other(() => page.promise);
    const started: string[] = [];
    const first = held<string>();
    const second = held<string>();
    const a = lane.search(() => (started.push('a'), first.promise));
    const b = lane.search(() => (started.push('b'), second.promise));
    const c = lane.search(async () => (started.push('c'), 'c'));
    await expect.poll(() => started).toEqual(['a']);
    // Other reads never wait.
    expect(await lane.other(async () => 'lookup')).toBe('lookup');
    first.fail(new Error('statement timeout'));
    await expect(a).rejects.toThrow('statement timeout');
    await expect.poll(() => started).toEqual(['a', 'b']);
    second.settle('b');
    expect(await b).toBe('b');
    expect(await c).toBe('c');
    expect(started).toEqual(['a', 'b', 'c']);
    page.settle('page');
    expect(await paging).toBe('page');
  });

  it('opens when no other read is under way, and lets the waiting in when the last other read ends', async () => {
    const lane = new TextSearchLane(1);
    const started: number[] = [];
    const reads = [held<number>(), held<number>(), held<number>()];
    // Searches alone: all at once.
    const alone = reads.map((read, i) => lane.search(() => (started.push(i), read.promise)));
    await expect.poll(() => started).toEqual([0, 1, 2]);
    reads.forEach((read, i) => read.settle(i));
    expect(await Promise.all(alone)).toEqual([0, 1, 2]);
    // Beside a page: one, then the others as soon as the page is done.
    started.length = 0;
    const page = held<string>();
    const paging = lane.other(() => page.promise);
    const more = [held<number>(), held<number>(), held<number>()];
    const beside = more.map((read, i) => lane.search(() => (started.push(i), read.promise)));
    await expect.poll(() => started).toEqual([0]);
    page.settle('page');
    await paging;
    await expect.poll(() => started).toEqual([0, 1, 2]);
    more.forEach((read, i) => read.settle(i));
    expect(await Promise.all(beside)).toEqual([0, 1, 2]);
  });
});
