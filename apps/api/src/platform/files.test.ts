import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  checkUpload,
  createLocalFileStorage,
  imageSize,
  MAX_IMAGE_PIXELS,
  sniffFileKind,
  UPLOAD_LIMITS,
} from './files';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1');
const IMAGES = { allowed: ['jpeg', 'png'] as const, maxBytes: UPLOAD_LIMITS.identityImage };

function errorOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.errorName : String(error);
  }
}

describe('file kinds', () => {
  it('recognises JPEG, PNG and PDF by their first bytes only', () => {
    expect(sniffFileKind(PNG)).toBe('png');
    expect(sniffFileKind(JPEG)).toBe('jpeg');
    expect(sniffFileKind(PDF)).toBe('pdf');
    expect(sniffFileKind(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffFileKind(Buffer.alloc(0))).toBeUndefined();
  });

  it('checks uploads: kind, emptiness and size', () => {
    expect(checkUpload(PNG, IMAGES)).toBe('png');
    expect(checkUpload(JPEG, IMAGES)).toBe('jpeg');
    expect(errorOf(() => checkUpload(PDF, IMAGES))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    expect(errorOf(() => checkUpload(Buffer.alloc(0), IMAGES))).toBe('UPLOAD_EMPTY');
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.identityImage)]);
    expect(errorOf(() => checkUpload(big, IMAGES))).toBe('PAYLOAD_TOO_LARGE');
  });
});

/** A PNG signature and IHDR chunk declaring `width` x `height`, and nothing else. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([PNG.subarray(0, 8), ihdr]);
}

/** A JPEG start, an APP1 segment of `appBytes` bytes, then a baseline frame header. */
function jpegHeader(width: number, height: number, appBytes = 30): Buffer {
  const app1 = Buffer.alloc(4 + appBytes);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(appBytes + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof]);
}

describe('image sizes from headers', () => {
  it('reads the size of encoded PNG and JPEG images without decoding them', async () => {
    const canvas = createCanvas(321, 123);
    expect(imageSize(await canvas.encode('png'), 'png')).toEqual({ width: 321, height: 123 });
    expect(imageSize(await canvas.encode('jpeg'), 'jpeg')).toEqual({ width: 321, height: 123 });
    expect(imageSize(jpegHeader(4000, 3000, 6000), 'jpeg')).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(PNG, 'png')).toBeUndefined();
    expect(imageSize(JPEG, 'jpeg')).toBeUndefined();
    expect(imageSize(pngHeader(0, 10), 'png')).toBeUndefined();
  });

  it('refuses an image declaring more pixels than allowed before anything decodes it', () => {
    const rule = { ...IMAGES, maxPixels: MAX_IMAGE_PIXELS };
    expect(checkUpload(pngHeader(7000, 5000), rule)).toBe('png');
    // 50 bytes that would unpack to 40 GB.
    expect(errorOf(() => checkUpload(pngHeader(100_000, 100_000), rule))).toBe('PAYLOAD_TOO_LARGE');
    expect(errorOf(() => checkUpload(jpegHeader(65_000, 65_000), rule))).toBe('PAYLOAD_TOO_LARGE');
    expect(errorOf(() => checkUpload(JPEG, rule))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    expect(errorOf(() => checkUpload(pngHeader(0, 0), rule))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
  });
});

describe('local file storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores and returns bytes with their content type', async () => {
    const storage = createLocalFileStorage(dir);
    const id = await storage.put(PNG, { contentType: 'image/png' });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const file = await storage.get(id);
    expect(file?.contentType).toBe('image/png');
    expect(file?.bytes.equals(PNG)).toBe(true);
  });

  it('answers undefined for unknown or malformed ids (no path traversal)', async () => {
    const storage = createLocalFileStorage(dir);
    expect(await storage.get('0'.repeat(32))).toBeUndefined();
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
  });
});
