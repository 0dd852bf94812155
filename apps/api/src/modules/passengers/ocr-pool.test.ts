import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/errors';
import type { MrzReader, MrzReadResult } from './mrz-reader';
import { UndecodableImageError } from './ocr-image';
import { createOcrPool } from './ocr-pool';

const RESULT: MrzReadResult = { reading: undefined, image: { width: 1, height: 1, ms: 0 }, steps: [] };

/** Readers whose reads wait until the test settles them. */
function heldReaders() {
  const reads: {
    reader: number;
    image: Buffer;
    resolve(r: MrzReadResult): void;
    reject(e: unknown): void;
  }[] = [];
  const closed: number[] = [];
  let made = 0;
  const createReader = (): MrzReader => {
    const id = made++;
    return {
      read: (image) => new Promise((resolve, reject) => reads.push({ reader: id, image, resolve, reject })),
      warmUp: async () => undefined,
      close: async () => {
        closed.push(id);
      },
    };
  };
  return { reads, closed, createReader, made: () => made };
}

const errorName = (error: unknown) => (error instanceof AppError ? error.errorName : String(error));

/** Lets pending promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('OCR pool', () => {
  it('runs as many reads as it has readers, queues a bounded number and refuses the next at once', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 2, queueLimit: 1, timeoutMs: 60_000, ...held });
    const outcomes: string[] = [];
    const images = [0, 1, 2, 3].map((n) => Buffer.from([n]));
    const reads = images.map((image, n) =>
      pool.read(image).then(
        () => outcomes.push(`${n}:ok`),
        (error: unknown) => outcomes.push(`${n}:${errorName(error)}`),
      ),
    );
    await settle();
    expect(outcomes).toEqual(['3:OCR_BUSY']);
    expect(held.reads.map((r) => r.image[0])).toEqual([0, 1]);
    expect(pool.load()).toEqual({ running: 2, waiting: 1 });

    held.reads[0]?.resolve(RESULT);
    await settle();
    // The waiting read starts on the reader that became free.
    expect(held.reads.map((r) => [r.image[0], r.reader])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
    ]);
    held.reads[1]?.resolve(RESULT);
    held.reads[2]?.resolve(RESULT);
    await Promise.all(reads);
    expect(outcomes).toEqual(['3:OCR_BUSY', '0:ok', '1:ok', '2:ok']);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
    expect(held.made()).toBe(2);
  });

  it('answers OCR_TIMEOUT at the deadline, stops that reader and reads the next on a fresh one', async () => {
    vi.useFakeTimers();
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 1, timeoutMs: 30_000, ...held });
    const first = pool.read(Buffer.from([1])).catch(errorName);
    await vi.advanceTimersByTimeAsync(10_000);
    const second = pool.read(Buffer.from([2])).catch(errorName);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await first).toBe('OCR_TIMEOUT');
    expect(held.closed).toEqual([0]);
    // The waiting read started on a new reader, with its own 30 s from its arrival.
    expect(held.reads.map((r) => r.reader)).toEqual([0, 1]);
    held.reads[1]?.resolve(RESULT);
    expect(await second).toEqual(RESULT);
  });

  it('counts the time of a read from its arrival, waiting included', async () => {
    vi.useFakeTimers();
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 2, timeoutMs: 1000, ...held });
    const running = pool.read(Buffer.from([1])).catch(errorName);
    await vi.advanceTimersByTimeAsync(500);
    const waiting = pool.read(Buffer.from([2])).catch(errorName);
    held.reads[0]?.resolve(RESULT);
    await vi.advanceTimersByTimeAsync(0);
    expect(await running).toEqual(RESULT);
    // The second started when the first ended, at 500 ms; it ends 1000 ms after it arrived.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toBe('OCR_TIMEOUT');
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('replaces a reader that failed, but keeps it when only the image was bad', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 0, timeoutMs: 60_000, ...held });
    const bad = pool.read(Buffer.from([1])).catch((e: unknown) => e);
    await settle();
    held.reads[0]?.reject(new UndecodableImageError('x'));
    expect(await bad).toBeInstanceOf(UndecodableImageError);
    const broken = pool.read(Buffer.from([2])).catch((e: unknown) => e);
    await settle();
    expect(held.reads[1]?.reader).toBe(0);
    held.reads[1]?.reject(new Error('worker died'));
    expect(await broken).toBeInstanceOf(Error);
    expect(held.closed).toEqual([0]);
    const next = pool.read(Buffer.from([3]));
    await settle();
    expect(held.reads[2]?.reader).toBe(1);
    held.reads[2]?.resolve(RESULT);
    expect(await next).toEqual(RESULT);
  });

  it('on close drops waiting reads, lets the running one finish, then stops every reader', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 1, timeoutMs: 60_000, ...held });
    const running = pool.read(Buffer.from([1]));
    const waiting = pool.read(Buffer.from([2])).catch(errorName);
    await settle();
    let closed = false;
    const closing = pool.close().then(() => {
      closed = true;
    });
    expect(await waiting).toBe('SERVICE_UNAVAILABLE');
    expect(await pool.read(Buffer.from([3])).catch(errorName)).toBe('SERVICE_UNAVAILABLE');
    await settle();
    expect(closed).toBe(false);
    held.reads[0]?.resolve(RESULT);
    expect(await running).toEqual(RESULT);
    await closing;
    expect(held.closed).toEqual([0]);
    expect(held.reads).toHaveLength(1);
  });
});
