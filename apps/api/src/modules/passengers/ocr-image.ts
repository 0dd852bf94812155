import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * The widest image the OCR gets. The MRZ model read a rendered passport page at 1300-1600 px wide
 * in one attempt, and lost characters at 1000-1200 px after a smooth reduction; more pixels only
 * cost time (one 2500x2500 photo held the reader for 29-51 s).
 */
export const OCR_MAX_WIDTH = 1500;
/** The most pixels the OCR gets, for tall images (a portrait photo of the page). */
export const OCR_MAX_PIXELS = OCR_MAX_WIDTH * OCR_MAX_WIDTH;

/** The upload has an image signature but does not decode. */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('image does not decode', { cause });
    this.name = 'UndecodableImageError';
  }
}

export interface OcrImage {
  /** What the OCR reads: the upload as it came, or a reduced PNG. */
  bytes: Buffer;
  width: number;
  height: number;
  /** The upload's size when it was reduced. */
  reducedFrom?: { width: number; height: number };
}

/**
 * An upload made ready for the OCR: decoded once (which proves it is an image), and when wider
 * than `OCR_MAX_WIDTH` or larger than `OCR_MAX_PIXELS` reduced to fit, as PNG with its EXIF
 * rotation applied. Decoding runs off the main thread; the reduction itself blocks it for a few
 * tens of milliseconds per large photo, which is why it runs inside the OCR pool's bounded slots.
 */
export async function fitForOcr(bytes: Buffer): Promise<OcrImage> {
  let source;
  try {
    source = await loadImage(bytes);
  } catch (error) {
    throw new UndecodableImageError(error);
  }
  const { width, height } = source;
  if (width === 0 || height === 0) throw new UndecodableImageError('no pixels');
  const factor = Math.min(1, OCR_MAX_WIDTH / width, Math.sqrt(OCR_MAX_PIXELS / (width * height)));
  if (factor === 1) return { bytes, width, height };
  const canvas = createCanvas(
    Math.max(1, Math.round(width * factor)),
    Math.max(1, Math.round(height * factor)),
  );
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return {
    bytes: await canvas.encode('png'),
    width: canvas.width,
    height: canvas.height,
    reducedFrom: { width, height },
  };
}
