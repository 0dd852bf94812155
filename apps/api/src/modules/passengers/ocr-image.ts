import sharp from 'sharp';
import { AppError } from '../../platform/errors';
import { imageSize, MAX_IMAGE_PIXELS, sniffFileKind, type ImageSize } from '../../platform/files';

/**
 * The widest image the OCR gets. The MRZ model read a rendered passport page at 1300-1600 px wide
 * in one attempt, and lost characters at 1000-1200 px after a smooth reduction; more pixels only
 * cost time (one 2500x2500 photo held the reader for 29-51 s).
 */
export const OCR_MAX_WIDTH = 1500;
/** The most pixels the OCR gets, for tall images (a portrait photo of the page). */
export const OCR_MAX_PIXELS = OCR_MAX_WIDTH * OCR_MAX_WIDTH;
/**
 * The longest side an upload may declare. Within `MAX_IMAGE_PIXELS` a header may still declare a
 * strip of 1,000,000 x 40 pixels, which no camera or scanner makes; refused before decoding.
 */
export const MAX_IMAGE_SIDE = 16_384;

// libvips keeps recent inputs and operations in a cache; passport images are not to linger there.
sharp.cache(false);

/** The upload has an image signature but does not fully decode (bad checksum, truncated, bad data). */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('image does not decode', { cause });
    this.name = 'UndecodableImageError';
  }
}

/** Only this module makes `OcrImage`s: the token is not exported. */
const ENCODED_HERE = Symbol('OcrImage');

/**
 * An image the server decoded and encoded again itself (PNG, EXIF rotation applied, at most
 * `OCR_MAX_WIDTH` wide and `OCR_MAX_PIXELS` large): the only thing the OCR accepts, so that no
 * byte of an upload ever reaches tesseract's own decoder.
 */
export class OcrImage {
  constructor(
    token: typeof ENCODED_HERE,
    readonly png: Buffer,
    readonly width: number,
    readonly height: number,
    /** How long decoding and encoding took. */
    readonly ms: number,
    /** The upload's size (after rotation) when it was reduced. */
    readonly reducedFrom?: ImageSize,
  ) {
    if (token !== ENCODED_HERE) throw new TypeError('an OcrImage is made by fitForOcr only');
  }
}

/**
 * Checks what an upload's header declares, before anything decodes it: a PNG or JPEG signature
 * and a readable size (else `UndecodableImageError`), at most `MAX_IMAGE_SIDE` on a side and
 * `MAX_IMAGE_PIXELS` in all (else 413 PAYLOAD_TOO_LARGE: a decompression bomb fits in a few kB).
 */
export function checkImageHeader(bytes: Buffer): ImageSize {
  const kind = sniffFileKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') throw new UndecodableImageError(`not a png or jpeg: ${kind}`);
  const size = imageSize(bytes, kind);
  if (!size) throw new UndecodableImageError('no size in the header');
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    throw new AppError('PAYLOAD_TOO_LARGE');
  }
  return size;
}

/** Input options of every decode: refuse on any decoder error, never decode past the pixel limit. */
const DECODE = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;

const elapsed = (since: number) => Math.round(performance.now() - since);

/** The factor that brings `width` x `height` within `OCR_MAX_WIDTH` and `OCR_MAX_PIXELS` (1 when it fits). */
function reduction(width: number, height: number): number {
  return Math.min(1, OCR_MAX_WIDTH / width, Math.sqrt(OCR_MAX_PIXELS / (width * height)));
}

/**
 * An upload made ready for the OCR: its header checked (`checkImageHeader`), then fully decoded
 * by libvips (sharp), which refuses a bad checksum, a truncated file or bad compressed data with
 * `UndecodableImageError`; turned upright by its EXIF orientation, reduced to fit when wider than
 * `OCR_MAX_WIDTH` or larger than `OCR_MAX_PIXELS`, and encoded again as PNG. Runs on libuv's
 * threads, off the event loop; the OCR pool runs it inside its bounded slots, so that only a few
 * large images are decoded at once.
 */
export async function fitForOcr(bytes: Buffer): Promise<OcrImage> {
  checkImageHeader(bytes);
  const started = performance.now();
  try {
    const meta = await sharp(bytes, DECODE).metadata();
    if (meta.format !== 'png' && meta.format !== 'jpeg') throw new Error(`decoded as ${meta.format}`);
    // Orientations 5-8 turn the image a quarter: its width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const factor = reduction(width, height);
    let pipeline = sharp(bytes, DECODE).rotate();
    if (factor < 1) {
      pipeline = pipeline.resize({
        width: Math.max(1, Math.round(width * factor)),
        height: Math.max(1, Math.round(height * factor)),
        fit: 'fill',
      });
    }
    const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
    const reducedFrom = factor < 1 ? { width, height } : undefined;
    return new OcrImage(ENCODED_HERE, data, info.width, info.height, elapsed(started), reducedFrom);
  } catch (error) {
    throw new UndecodableImageError(error);
  }
}

/**
 * A copy of `image` scaled up to `width` (for the second reading of a small image), or undefined
 * when it is that wide already.
 */
export async function upscaleForOcr(image: OcrImage, width: number): Promise<OcrImage | undefined> {
  if (image.width >= width) return undefined;
  const started = performance.now();
  const height = Math.round((image.height * width) / image.width);
  const { data, info } = await sharp(image.png, DECODE)
    .resize({ width, height, fit: 'fill' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return new OcrImage(ENCODED_HERE, data, info.width, info.height, elapsed(started), image.reducedFrom);
}
