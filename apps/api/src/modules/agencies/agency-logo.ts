import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  AGENCY_LOGO_MAX_BYTES,
  AGENCY_LOGO_MAX_HEIGHT,
  AGENCY_LOGO_MAX_WIDTH,
} from '@portal/domain/agencies';
import { checkUpload, MAX_IMAGE_PIXELS, uploadNotAllowed, type UploadRule } from '../../platform/files';

/** Logos: jpg or png by content, at most 2 MB, with a header declaring at most 40 megapixels. */
export const LOGO_RULE: UploadRule = {
  allowed: ['jpeg', 'png'],
  maxBytes: AGENCY_LOGO_MAX_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
};

export interface ResizedLogo {
  /** PNG bytes (transparency kept). */
  bytes: Buffer;
  width: number;
  height: number;
}

/** The size that fits within `maxWidth` × `maxHeight` keeping the aspect ratio; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = AGENCY_LOGO_MAX_WIDTH,
  maxHeight = AGENCY_LOGO_MAX_HEIGHT,
): { width: number; height: number } {
  const factor = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
  };
}

/**
 * An uploaded logo checked by content (empty 400, over 2 MB 413, not jpg/png by its magic bytes
 * or not decodable 415) and redrawn as a PNG within 400 × 160, aspect ratio kept. Redrawing also
 * drops anything the file carried besides its pixels (metadata, trailing data).
 */
export async function prepareLogo(upload: Buffer): Promise<ResizedLogo> {
  checkUpload(upload, LOGO_RULE);
  let image;
  try {
    image = await loadImage(upload);
  } catch {
    throw uploadNotAllowed(LOGO_RULE);
  }
  if (image.width === 0 || image.height === 0) throw uploadNotAllowed(LOGO_RULE);
  const size = fitWithin(image.width, image.height);
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  return { bytes: await canvas.encode('png'), ...size };
}
