import os from 'node:os';
import { AppError } from '../../platform/errors';
import type { MrzReader, MrzReadResult } from './mrz-reader';
import { fitForOcr, type OcrImage } from './ocr-image';

export interface OcrPoolOptions {
  /** Readers working at once; each has its own tesseract.js worker threads. */
  size: number;
  /** Reads that may wait for a free reader; one more is refused at once with 429 OCR_BUSY. */
  queueLimit: number;
  /**
   * The most one read may take from the moment it arrives, waiting included: then it answers 503
   * OCR_TIMEOUT and, if it had started, its reader is stopped and replaced by a fresh one.
   */
  timeoutMs: number;
  /** Makes a reader (workers start on its first read). */
  createReader: () => MrzReader;
}

/**
 * Defaults for a small server: one reader per spare core, at most two (each read keeps a core
 * busy), four reads waiting (about ten seconds at the usual one to three seconds per read after
 * reduction), thirty seconds per read.
 */
export const DEFAULT_OCR_POOL = {
  size: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  queueLimit: 4,
  timeoutMs: 30_000,
} satisfies Omit<OcrPoolOptions, 'createReader'>;

/**
 * The reader failed on a read (its OCR rejected, threw, or a worker thread died): only that read
 * fails, and the reader is replaced by a fresh one.
 */
export class OcrReadFailedError extends Error {
  constructor(cause: unknown) {
    super('passport reading failed', { cause });
    this.name = 'OcrReadFailedError';
  }
}

export interface OcrPool {
  /**
   * Reads an upload on a free reader, or waits in the bounded queue, or refuses (see options).
   * The upload is decoded and encoded again first (`fitForOcr`: `UndecodableImageError`, 413 for
   * too many pixels), so that the reader only ever gets an image the server made; a failing reader
   * rejects with `OcrReadFailedError`.
   */
  read(upload: Buffer): Promise<MrzReadResult>;
  /** Refuses new reads, drops waiting ones, lets running ones finish (within their time), stops the readers. */
  close(): Promise<void>;
  /** Reads running and waiting now. */
  load(): { running: number; waiting: number };
}

interface Job {
  upload: Buffer;
  resolve: (result: MrzReadResult) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  /** Set while running: stops the job's reader when the time is up. */
  abandon?: () => void;
}

interface Slot {
  reader: MrzReader | undefined;
  job: Job | undefined;
}

/**
 * A fixed number of MRZ readers with a bounded queue in front: an upload either starts on a free
 * reader, waits among at most `queueLimit` others, or is refused with OCR_BUSY without waiting, so
 * one slow image (or a flood of them) never builds an unbounded line. Each read has a deadline.
 * (Why not tesseract.js's scheduler: it can neither replace a dead worker nor bound or expire its
 * queue; see docs/decisions.md, "The OCR pool, not tesseract.js's scheduler".)
 */
export function createOcrPool(options: OcrPoolOptions): OcrPool {
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    reader: undefined,
    job: undefined,
  }));
  const waiting: Job[] = [];
  /** Called once no slot runs a read (for `close`). */
  const idleWaiters: (() => void)[] = [];
  let closed = false;

  /** Stops a reader in the background; it is not used again. */
  function retire(reader: MrzReader): void {
    Promise.resolve()
      .then(() => reader.close())
      .catch(() => undefined);
  }

  function expire(job: Job): void {
    const queued = waiting.indexOf(job);
    if (queued >= 0) waiting.splice(queued, 1);
    job.abandon?.();
    job.reject(new AppError('OCR_TIMEOUT'));
  }

  /** Runs `job` on `slot`: the upload is decoded first, then read by the slot's reader. */
  function start(slot: Slot, job: Job): void {
    slot.job = job;
    let abandoned = false;
    let reader: MrzReader | undefined;
    job.abandon = () => {
      abandoned = true;
      // The read may run on for a long time: stop its workers, a fresh reader takes the slot.
      if (reader) {
        if (slot.reader === reader) slot.reader = undefined;
        retire(reader);
      }
      release(slot);
    };
    const finish = (settle: () => void) => {
      if (abandoned) return;
      settle();
      release(slot);
    };
    const run = async () => {
      let image: OcrImage;
      try {
        image = await fitForOcr(job.upload);
      } catch (error) {
        // Only the image was bad: the reader (if any) is fine.
        finish(() => job.reject(error));
        return;
      }
      if (abandoned) return;
      try {
        reader = slot.reader ??= options.createReader();
        const result = await reader.read(image);
        finish(() => job.resolve(result));
      } catch (error) {
        if (abandoned) return;
        // The reader may be broken (its thread died, its model failed): replace it.
        if (reader && slot.reader === reader) slot.reader = undefined;
        if (reader) retire(reader);
        finish(() => job.reject(new OcrReadFailedError(error)));
      }
    };
    // `run` settles the job on every path; this only makes sure nothing escapes it.
    run().catch((error: unknown) => job.reject(new OcrReadFailedError(error)));
  }

  function release(slot: Slot): void {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = undefined;
    const next = closed ? undefined : waiting.shift();
    if (next) start(slot, next);
    else if (slots.every((s) => s.job === undefined)) for (const wake of idleWaiters.splice(0)) wake();
  }

  return {
    read(upload) {
      if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
      const free = slots.find((slot) => slot.job === undefined);
      if (!free && waiting.length >= options.queueLimit) return Promise.reject(new AppError('OCR_BUSY'));
      return new Promise<MrzReadResult>((resolve, reject) => {
        const job: Job = {
          upload,
          resolve,
          reject,
          timer: setTimeout(() => expire(job), options.timeoutMs),
        };
        if (free) start(free, job);
        else waiting.push(job);
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new AppError('SERVICE_UNAVAILABLE'));
      }
      // Each running read ends by itself or at its deadline, which stops its reader.
      if (slots.some((slot) => slot.job !== undefined)) {
        await new Promise<void>((resolve) => idleWaiters.push(resolve));
      }
      const live = slots.flatMap((slot) => (slot.reader ? [slot.reader] : []));
      for (const slot of slots) slot.reader = undefined;
      await Promise.all(live.map((reader) => reader.close().catch(() => undefined)));
    },
    load() {
      return { running: slots.filter((slot) => slot.job !== undefined).length, waiting: waiting.length };
    },
  };
}
