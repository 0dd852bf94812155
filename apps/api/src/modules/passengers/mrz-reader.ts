import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { checkDigitScore, parseMrzText, toReading, type MrzReading, type MrzResult } from './mrz-fields';
import { fitForOcr } from './ocr-image';

const WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Width the second attempt scales small images up to (the README's measured chain). */
const UPSCALE_WIDTH = 1500;

export interface MrzReaderOptions {
  /** Folder with `mrz.traineddata` (uncompressed). */
  tessdataDir: string;
  /** Folder with `eng.traineddata.gz` (legacy + LSTM); default: the `@tesseract.js-data/eng` package. */
  engDir?: string;
  now?: () => Date;
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
   * Reads a passport image (PNG or JPEG bytes), reduced first when large; `reading` undefined
   * when no zone was found. Rejects with `UndecodableImageError` when the bytes do not decode.
   */
  read(image: Buffer): Promise<MrzReadResult>;
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

async function upscale(image: Buffer): Promise<Buffer | undefined> {
  const source = await loadImage(image);
  if (source.width >= UPSCALE_WIDTH) return undefined;
  const factor = UPSCALE_WIDTH / source.width;
  const canvas = createCanvas(UPSCALE_WIDTH, Math.round(source.height * factor));
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}

async function startWorker(lang: string, oem: number, langPath: string, gzip: boolean): Promise<Worker> {
  const legacy = oem === 0;
  const worker = await createWorker(lang, oem, {
    langPath,
    gzip,
    cacheMethod: 'none',
    legacyCore: legacy,
    legacyLang: legacy,
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    tessedit_char_whitelist: WHITELIST,
  });
  return worker;
}

/**
 * Offline passport reading with tesseract.js: the MRZ model (OCR-B), then the same on an upscaled
 * copy (small images only), then English legacy; the first reading whose check digits all pass
 * wins, else the one that passed most. Large images are reduced first (`fitForOcr`). One worker
 * per model, created on first use and reused; reads run one at a time. Several readers make a pool
 * (`ocr-pool.ts`), which also bounds the waiting and the time.
 */
export function createMrzReader(options: MrzReaderOptions): MrzReader {
  const now = options.now ?? (() => new Date());
  let mrzWorker: Promise<Worker> | undefined;
  let engWorker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const mrz = () => (mrzWorker ??= startWorker('mrz', 1, options.tessdataDir, false));
  const eng = () => (engWorker ??= startWorker('eng', 0, options.engDir ?? defaultEngDir(), true));

  async function recognize(worker: Promise<Worker>, image: Buffer): Promise<MrzResult | undefined> {
    const { data } = await (await worker).recognize(image, { rotateAuto: true });
    return parseMrzText(data.text);
  }

  async function run(upload: Buffer): Promise<MrzReadResult> {
    const prepared = performance.now();
    const { bytes: image, ...size } = await fitForOcr(upload);
    const steps: MrzReadResult['steps'] = [];
    const chain: [string, () => Promise<MrzResult | undefined>][] = [['mrz', () => recognize(mrz(), image)]];
    // Upscaling helps small images only; a reduced one was large.
    if (!size.reducedFrom) {
      chain.push([
        'mrz-upscaled',
        async () => {
          const bigger = await upscale(image);
          return bigger ? recognize(mrz(), bigger) : undefined;
        },
      ]);
    }
    chain.push(['eng-legacy', () => recognize(eng(), image)]);
    const imageInfo = { ...size, ms: Math.round(performance.now() - prepared) };
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
      await mrz();
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
