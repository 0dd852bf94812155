import os from 'node:os';
import { AppError } from '../../platform/errors';
import type { MrzReader, MrzReadResult } from './mrz-reader';
import { UndecodableImageError } from './ocr-image';

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

export interface OcrPool {
  /** Reads an image on a free reader, or waits in the bounded queue, or refuses (see options). */
  read(image: Buffer): Promise<MrzReadResult>;
  /** Refuses new reads, drops waiting ones, lets running ones finish (within their time), stops the readers. */
  close(): Promise<void>;
  /** Reads running and waiting now. */
  load(): { running: number; waiting: number };
}

interface Job {
  image: Buffer;
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
    reader.close().catch(() => undefined);
  }

  function expire(job: Job): void {
    const queued = waiting.indexOf(job);
    if (queued >= 0) waiting.splice(queued, 1);
    job.abandon?.();
    job.reject(new AppError('OCR_TIMEOUT'));
  }

  function start(slot: Slot, job: Job): void {
    const reader = (slot.reader ??= options.createReader());
    slot.job = job;
    let abandoned = false;
    job.abandon = () => {
      abandoned = true;
      // The read may run on for a long time: stop its workers, a fresh reader takes the slot.
      if (slot.reader === reader) slot.reader = undefined;
      retire(reader);
      release(slot);
    };
    void reader.read(job.image).then(
      (result) => {
        if (abandoned) return;
        job.resolve(result);
        release(slot);
      },
      (error: unknown) => {
        if (abandoned) return;
        // A reader that failed for another reason than the image may be broken: replace it.
        if (!(error instanceof UndecodableImageError) && slot.reader === reader) {
          slot.reader = undefined;
          retire(reader);
        }
        job.reject(error);
        release(slot);
      },
    );
  }

  function release(slot: Slot): void {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = undefined;
    const next = closed ? undefined : waiting.shift();
    if (next) start(slot, next);
    else if (slots.every((s) => s.job === undefined)) for (const wake of idleWaiters.splice(0)) wake();
  }

  return {
    read(image) {
      if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
      const free = slots.find((slot) => slot.job === undefined);
      if (!free && waiting.length >= options.queueLimit) return Promise.reject(new AppError('OCR_BUSY'));
      return new Promise<MrzReadResult>((resolve, reject) => {
        const job: Job = {
          image,
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
