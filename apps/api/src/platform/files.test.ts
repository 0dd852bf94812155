import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { checkUpload, createLocalFileStorage, sniffFileKind, UPLOAD_LIMITS } from './files';

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
