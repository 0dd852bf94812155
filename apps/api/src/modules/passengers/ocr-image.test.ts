import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { fitForOcr, OCR_MAX_PIXELS, OCR_MAX_WIDTH, UndecodableImageError } from './ocr-image';

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

describe('images made ready for the OCR', () => {
  it('passes an image that fits as it came', async () => {
    const bytes = await png(1200, 800);
    const fitted = await fitForOcr(bytes);
    expect(fitted).toEqual({ bytes, width: 1200, height: 800 });
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
      const decoded = await loadImage(fitted.bytes);
      expect([decoded.width, decoded.height]).toEqual([fitted.width, fitted.height]);
    }
  });

  it('refuses bytes that only look like an image', async () => {
    const real = await png(200, 100);
    const broken = Buffer.concat([real.subarray(0, 33), Buffer.alloc(200, 7)]);
    await expect(fitForOcr(broken)).rejects.toBeInstanceOf(UndecodableImageError);
  });
});
