import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  fitForOcr,
  OCR_MAX_PIXELS,
  OCR_MAX_WIDTH,
  OcrImage,
  UndecodableImageError,
  upscaleForOcr,
} from './ocr-image';
import { badChecksumPng, brokenImageCorpus } from './passport-image.test-helpers';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}

const errorName = (error: unknown) => (error instanceof AppError ? error.errorName : String(error));

describe('images made ready for the OCR', () => {
  it('hands the OCR its own encoding of an image that fits, never the upload itself', async () => {
    const bytes = await png(1200, 800);
    const fitted = await fitForOcr(bytes);
    expect(fitted).toMatchObject({ width: 1200, height: 800, reducedFrom: undefined });
    expect(fitted.png).not.toBe(bytes);
    const decoded = await sharp(fitted.png).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['png', 1200, 800]);
  });

  it('reduces a wide image to the widest the OCR gets, and a large one to its most pixels', async () => {
    const wide = await fitForOcr(await png(3000, 1000));
    expect(wide).toMatchObject({
      width: OCR_MAX_WIDTH,
      height: 500,
      reducedFrom: { width: 3000, height: 1000 },
    });
    const square = await fitForOcr(await png(2500, 2500));
    expect(square).toMatchObject({ width: 1500, height: 1500 });
    const tall = await fitForOcr(await png(1000, 4000));
    expect(tall).toMatchObject({ width: 750, height: 3000 });
    for (const fitted of [wide, square, tall]) {
      expect(fitted.width * fitted.height).toBeLessThanOrEqual(OCR_MAX_PIXELS);
      // What the OCR gets is the reduced image itself.
      const decoded = await sharp(fitted.png).metadata();
      expect([decoded.width, decoded.height]).toEqual([fitted.width, fitted.height]);
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const fitted = await fitForOcr(sideways);
    expect([fitted.width, fitted.height]).toEqual([100, 300]);
    expect((await sharp(fitted.png).metadata()).orientation).toBeUndefined();
  });

  it('refuses a 1x1 PNG with a bad checksum that a lenient decoder would pass on', async () => {
    await expect(fitForOcr(badChecksumPng())).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('refuses bytes that only look like an image', async () => {
    const real = await png(200, 100);
    const broken = Buffer.concat([real.subarray(0, 33), Buffer.alloc(200, 7)]);
    await expect(fitForOcr(broken)).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('refuses every image of the broken corpus: absurd sizes by their header (413), the rest as undecodable', async () => {
    for (const broken of brokenImageCorpus()) {
      const outcome = await fitForOcr(broken.bytes).then(
        () => 'decoded',
        (error: unknown) => (error instanceof UndecodableImageError ? 'undecodable' : errorName(error)),
      );
      expect(outcome, broken.label).toBe(broken.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'undecodable');
    }
  });

  it('upscales a small image as a new encoding, and leaves a wide one alone', async () => {
    const small = await fitForOcr(await png(500, 200));
    const bigger = await upscaleForOcr(small, 1500);
    expect(bigger).toMatchObject({ width: 1500, height: 600 });
    expect(await upscaleForOcr(await fitForOcr(await png(1500, 100)), 1500)).toBeUndefined();
  });

  it('makes OcrImages only through its own functions', () => {
    expect(() => Reflect.construct(OcrImage, [Symbol('OcrImage'), Buffer.alloc(0), 1, 1, 0])).toThrow(
      TypeError,
    );
  });
});
