import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { checkDigitScore, parseMrzText, toReading, type MrzReading, type MrzResult } from './mrz-fields';
import { upscaleForOcr, type OcrImage } from './ocr-image';

const WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Width the second attempt scales small images up to (the README's measured chain). */
const UPSCALE_WIDTH = 1500;

export interface MrzReaderOptions {
  /** Folder with `mrz.traineddata` (uncompressed). */
  tessdataDir: string;
  /** Folder with `eng.traineddata.gz` (legacy + LSTM); default: the `@tesseract.js-data/eng` package. */
  engDir?: string;
  now?: () => Date;
  /** Starts one tesseract.js worker (`startSupervisedWorker`; tests wrap it to reach its thread). */
  startWorker?: typeof startSupervisedWorker;
}

export interface MrzReadResult {
  reading: MrzReading | undefined;
  /** The image the OCR read: its size, and the upload's size when it was reduced first. */
  image: { width: number; height: number; reducedFrom?: { width: number; height: number }; ms: number };
  /** Which steps of the chain ran, with their times in ms. */
  steps: { step: string; ms: number; found: boolean }[];
}

export interface MrzReader {
  /**
   * Reads a passport image the server decoded and encoded itself (`fitForOcr`); `reading`
   * undefined when no zone was found. Rejects when the OCR fails, and with
   * `OcrWorkerDiedError` when one of its worker threads dies or throws.
   */
  read(image: OcrImage): Promise<MrzReadResult>;
  /** Starts the MRZ worker now (otherwise on the first read). */
  warmUp(): Promise<void>;
  /** Stops the workers at once; a read still running never settles. Later reads reject. */
  close(): Promise<void>;
}

/** The English data of the npm package, resolved from this module (also from the bundle). */
export function defaultEngDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/** A worker thread of the reader ended or threw: the read running on it fails, the reader is done. */
export class OcrWorkerDiedError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`OCR worker thread ${what}`, { cause });
    this.name = 'OcrWorkerDiedError';
  }
}

/**
 * A tesseract.js worker whose thread is watched: `onDeath` hears when it throws or ends. Two
 * holes of tesseract.js are closed here. Without `errorHandler` it throws a failed job (an image
 * its decoder refuses, a broken model) inside its message listener, where nothing can catch it
 * and the process ends; with one, the job's own promise still rejects. And it listens for its
 * thread's errors with `onerror`, which a Node thread never calls: an error event without a
 * listener ends the process too.
 */
export async function startSupervisedWorker(
  lang: string,
  oem: number,
  langPath: string,
  gzip: boolean,
  onDeath: (error: OcrWorkerDiedError) => void,
): Promise<Worker> {
  const legacy = oem === 0;
  const worker = await createWorker(lang, oem, {
    langPath,
    gzip,
    cacheMethod: 'none',
    legacyCore: legacy,
    legacyLang: legacy,
    errorHandler: () => undefined,
  });
  const thread = 'worker' in worker && worker.worker instanceof Thread ? worker.worker : undefined;
  if (!thread) {
    await worker.terminate();
    throw new Error('tesseract.js worker thread not found: it cannot be supervised');
  }
  thread.on('error', (error) => onDeath(new OcrWorkerDiedError('threw', error)));
  thread.once('exit', (code) => onDeath(new OcrWorkerDiedError(`ended with code ${code}`)));
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    tessedit_char_whitelist: WHITELIST,
  });
  return worker;
}

/**
 * Offline passport reading with tesseract.js: the MRZ model (OCR-B), then the same on an upscaled
 * copy (small images only), then English legacy; the first reading whose check digits all pass
 * wins, else the one that passed most. It reads only `OcrImage`s (`fitForOcr`), never an upload's
 * bytes. One worker per model, created on first use and reused; reads run one at a time. When a
 * worker thread throws or ends, the read running fails with `OcrWorkerDiedError` and so does every
 * later one: the pool (`ocr-pool.ts`) replaces the reader, and also bounds the waiting and the time.
 */
export function createMrzReader(options: MrzReaderOptions): MrzReader {
  const now = options.now ?? (() => new Date());
  let mrzWorker: Promise<Worker> | undefined;
  let engWorker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let dead: OcrWorkerDiedError | undefined;
  let markDead: (error: OcrWorkerDiedError) => void = () => undefined;
  /** Rejects when a worker thread throws or ends while the reader is open. */
  const died = new Promise<never>((_, reject) => {
    markDead = reject;
  });
  died.catch(() => undefined);
  const onDeath = (error: OcrWorkerDiedError) => {
    if (closed || dead) return;
    dead = error;
    markDead(error);
  };

  const startWorker = options.startWorker ?? startSupervisedWorker;
  const mrz = () => (mrzWorker ??= startWorker('mrz', 1, options.tessdataDir, false, onDeath));
  const eng = () => (engWorker ??= startWorker('eng', 0, options.engDir ?? defaultEngDir(), true, onDeath));

  /** `work`, or the death of a worker thread, whichever comes first (a dead thread never answers). */
  function supervised<T>(work: Promise<T>): Promise<T> {
    // Its failure is reported through the race; a late one after a death has nobody to tell.
    work.catch(() => undefined);
    return Promise.race([work, died]);
  }

  async function recognize(worker: () => Promise<Worker>, image: OcrImage): Promise<MrzResult | undefined> {
    const { data } = await supervised(worker().then((w) => w.recognize(image.png, { rotateAuto: true })));
    return parseMrzText(data.text);
  }

  async function run(image: OcrImage): Promise<MrzReadResult> {
    if (dead) throw dead;
    const steps: MrzReadResult['steps'] = [];
    const chain: [string, () => Promise<MrzResult | undefined>][] = [['mrz', () => recognize(mrz, image)]];
    // Upscaling helps small images only; a reduced one was large.
    if (!image.reducedFrom) {
      chain.push([
        'mrz-upscaled',
        async () => {
          const bigger = await upscaleForOcr(image, UPSCALE_WIDTH);
          return bigger ? recognize(mrz, bigger) : undefined;
        },
      ]);
    }
    chain.push(['eng-legacy', () => recognize(eng, image)]);
    const { width, height, reducedFrom, ms } = image;
    const imageInfo = { width, height, ...(reducedFrom ? { reducedFrom } : {}), ms };
    let best: MrzResult | undefined;
    for (const [step, attempt] of chain) {
      const started = performance.now();
      const result = await attempt();
      steps.push({ step, ms: Math.round(performance.now() - started), found: result !== undefined });
      if (result && (!best || checkDigitScore(result).passed > checkDigitScore(best).passed)) best = result;
      if (best && checkDigitScore(best).all) break;
    }
    return { reading: best && toReading(best, now()), image: imageInfo, steps };
  }

  return {
    read(image) {
      if (closed) return Promise.reject(new Error('MRZ reader closed'));
      const next = queue.then(() => run(image));
      queue = next.catch(() => undefined);
      return next;
    },
    async warmUp() {
      await supervised(mrz());
    },
    async close() {
      closed = true;
      const workers = [mrzWorker, engWorker];
      mrzWorker = engWorker = undefined;
      // A worker that failed to start has nothing to stop.
      await Promise.all(
        workers.map((w) =>
          w?.then(
            (worker) => worker.terminate(),
            () => undefined,
          ),
        ),
      );
    },
  };
}
