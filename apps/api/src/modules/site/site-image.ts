import sharp from 'sharp';
import { SITE_IMAGE_BOX, SITE_IMAGE_MAX_BYTES, type SiteImageKind } from '@portal/domain/platform-site';
import { checkUpload, MAX_IMAGE_PIXELS, uploadNotAllowed, type UploadRule } from '../../platform/files';

/** Site images: jpg or png by content, at most 2 MB, with a header declaring at most 40 megapixels. */
export const SITE_IMAGE_RULE: UploadRule = {
  allowed: ['jpeg', 'png'],
  maxBytes: SITE_IMAGE_MAX_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
};

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * An uploaded site image checked by content (empty 400, over 2 MB 413, not jpg/png by its magic
 * bytes or not fully decodable 415), decoded by sharp and drawn again as a PNG within its box
 * (`SITE_IMAGE_BOX`; a favicon is centred on a transparent square): no byte of the upload is served.
 */
export async function prepareSiteImage(upload: Buffer, kind: SiteImageKind): Promise<Buffer> {
  checkUpload(upload, SITE_IMAGE_RULE);
  const box = SITE_IMAGE_BOX[kind];
  try {
    return await sharp(upload, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: box.width,
        height: box.height,
        fit: kind === 'favicon' ? 'contain' : 'inside',
        withoutEnlargement: kind !== 'favicon',
        background: TRANSPARENT,
      })
      .png()
      .toBuffer();
  } catch {
    throw uploadNotAllowed(SITE_IMAGE_RULE);
  }
}
