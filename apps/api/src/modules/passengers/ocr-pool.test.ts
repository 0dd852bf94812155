import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/errors';
import type { MrzReader, MrzReadResult } from './mrz-reader';
import { UndecodableImageError, type OcrImage } from './ocr-image';
import { createOcrPool, OcrReadFailedError } from './ocr-pool';
import { badChecksumPng } from './passport-image.test-helpers';

const RESULT: MrzReadResult = { reading: undefined, image: { width: 1, height: 1, ms: 0 }, steps: [] };

/** Readers whose reads wait until the test settles them. */
function heldReaders() {
  const reads: {
    reader: number;
    image: OcrImage;
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

/**
 * Uploads told apart by their width: `uploads[n]` is an n+1 x 1 PNG (the pool decodes every
 * upload before a reader sees it, so they are real images).
 */
const uploads: Buffer[] = [];
beforeAll(async () => {
  for (let n = 0; n < 4; n++) {
    uploads.push(
      await sharp({ create: { width: n + 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
  }
});
const upload = (n: number) => uploads[n] ?? Buffer.alloc(0);
/** Which upload a reader got. */
const uploadOf = (image: OcrImage | undefined) => (image ? image.width - 1 : undefined);

/** Unhandled rejections seen while a test runs (none may happen: the pool handles every one). */
function watchUnhandled(): { seen: unknown[]; stop(): void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return { seen, stop: () => process.off('unhandledRejection', listener) };
}

/** Lets pending promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits, turn after turn of the event loop (no timer: the tests fake them), until `done`: the
 * pool decodes uploads on libuv's threads before its readers see them.
 */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await settle();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OCR pool', () => {
  it('runs as many reads as it has readers, queues a bounded number and refuses the next at once', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 2, queueLimit: 1, timeoutMs: 60_000, ...held });
    const outcomes: string[] = [];
    const reads = [0, 1, 2, 3].map((n) =>
      pool.read(upload(n)).then(
        () => outcomes.push(`${n}:ok`),
        (error: unknown) => outcomes.push(`${n}:${errorName(error)}`),
      ),
    );
    await until(() => held.reads.length === 2);
    expect(outcomes).toEqual(['3:OCR_BUSY']);
    // Both decode at once; either may reach its reader first.
    expect(held.reads.map((r) => uploadOf(r.image)).sort()).toEqual([0, 1]);
    expect(pool.load()).toEqual({ running: 2, waiting: 1 });

    const readOf = (n: number) => held.reads.find((r) => uploadOf(r.image) === n);
    readOf(0)?.resolve(RESULT);
    await until(() => held.reads.length === 3);
    // The waiting read starts on the reader that became free.
    expect(readOf(2)?.reader).toBe(readOf(0)?.reader);
    readOf(1)?.resolve(RESULT);
    readOf(2)?.resolve(RESULT);
    await Promise.all(reads);
    expect(outcomes).toEqual(['3:OCR_BUSY', '0:ok', '1:ok', '2:ok']);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
    expect(held.made()).toBe(2);
  });

  it('answers OCR_TIMEOUT at the deadline, stops that reader and reads the next on a fresh one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 1, timeoutMs: 30_000, ...held });
    const first = pool.read(upload(1)).catch(errorName);
    await until(() => held.reads.length === 1);
    await vi.advanceTimersByTimeAsync(10_000);
    const second = pool.read(upload(2)).catch(errorName);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await first).toBe('OCR_TIMEOUT');
    expect(held.closed).toEqual([0]);
    // The waiting read started on a new reader, with its own 30 s from its arrival.
    await until(() => held.reads.length === 2);
    expect(held.reads.map((r) => r.reader)).toEqual([0, 1]);
    held.reads[1]?.resolve(RESULT);
    expect(await second).toEqual(RESULT);
  });

  it('counts the time of a read from its arrival, waiting included', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 2, timeoutMs: 1000, ...held });
    const running = pool.read(upload(1)).catch(errorName);
    await until(() => held.reads.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    const waiting = pool.read(upload(2)).catch(errorName);
    held.reads[0]?.resolve(RESULT);
    expect(await running).toEqual(RESULT);
    await until(() => held.reads.length === 2);
    // The second started when the first ended, at 500 ms; it ends 1000 ms after it arrived.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toBe('OCR_TIMEOUT');
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses an image that does not decode before any reader sees it, and keeps the reader', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 0, timeoutMs: 60_000, ...held });
    expect(await pool.read(badChecksumPng()).catch((e: unknown) => e)).toBeInstanceOf(UndecodableImageError);
    expect(held.made()).toBe(0);
    const good = pool.read(upload(1));
    await until(() => held.reads.length === 1);
    held.reads[0]?.resolve(RESULT);
    expect(await good).toEqual(RESULT);
    expect(await pool.read(badChecksumPng()).catch((e: unknown) => e)).toBeInstanceOf(UndecodableImageError);
    expect(held.closed).toEqual([]);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('fails only the read whose reader rejects later (as a tesseract job does), and replaces that reader', async () => {
    const unhandled = watchUnhandled();
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 1, timeoutMs: 60_000, ...held });
    const broken = pool.read(upload(1)).catch((e: unknown) => e);
    const next = pool.read(upload(2));
    await until(() => held.reads.length === 1);
    // Rejected from a later turn of the event loop, with a string as tesseract.js does.
    setImmediate(() => held.reads[0]?.reject('Error: Error attempting to read image.'));
    const failure = await broken;
    expect(failure).toBeInstanceOf(OcrReadFailedError);
    expect(failure).toMatchObject({ cause: 'Error: Error attempting to read image.' });
    expect(held.closed).toEqual([0]);
    await until(() => held.reads.length === 2);
    expect(held.reads[1]?.reader).toBe(1);
    held.reads[1]?.resolve(RESULT);
    expect(await next).toEqual(RESULT);
    await settle();
    unhandled.stop();
    expect(unhandled.seen).toEqual([]);
  });

  it('fails only the read whose reader crashes (throws at once, or cannot be made), and reads on', async () => {
    const unhandled = watchUnhandled();
    let made = 0;
    const createReader = (): MrzReader => {
      made += 1;
      if (made === 2) throw new Error('no reader today');
      return {
        read:
          made === 1
            ? () => {
                throw new Error('segfault-like crash');
              }
            : async () => RESULT,
        warmUp: async () => undefined,
        close: async () => undefined,
      };
    };
    const pool = createOcrPool({ size: 1, queueLimit: 2, timeoutMs: 60_000, createReader });
    const outcomes = await Promise.all(
      [1, 2, 3].map((n) =>
        pool.read(upload(n)).then(
          () => 'ok',
          (e: unknown) =>
            e instanceof OcrReadFailedError && e.cause instanceof Error
              ? `failed: ${e.cause.message}`
              : String(e),
        ),
      ),
    );
    expect(outcomes).toEqual(['failed: segfault-like crash', 'failed: no reader today', 'ok']);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
    await settle();
    unhandled.stop();
    expect(unhandled.seen).toEqual([]);
  });

  it('on close drops waiting reads, lets the running one finish, then stops every reader', async () => {
    const held = heldReaders();
    const pool = createOcrPool({ size: 1, queueLimit: 1, timeoutMs: 60_000, ...held });
    const running = pool.read(upload(1));
    const waiting = pool.read(upload(2)).catch(errorName);
    await until(() => held.reads.length === 1);
    let closed = false;
    const closing = pool.close().then(() => {
      closed = true;
    });
    expect(await waiting).toBe('SERVICE_UNAVAILABLE');
    expect(await pool.read(upload(3)).catch(errorName)).toBe('SERVICE_UNAVAILABLE');
    await settle();
    expect(closed).toBe(false);
    held.reads[0]?.resolve(RESULT);
    expect(await running).toEqual(RESULT);
    await closing;
    expect(held.closed).toEqual([0]);
    expect(held.reads).toHaveLength(1);
  });
});
