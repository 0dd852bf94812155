import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';

/** The file kinds uploads may have, recognised by their first bytes (never by name or header). */
export const FILE_KINDS = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg', label: 'jpg', magic: [[0xff, 0xd8, 0xff]] },
  png: {
    contentType: 'image/png',
    ext: 'png',
    label: 'png',
    magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
  pdf: { contentType: 'application/pdf', ext: 'pdf', label: 'pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

const MB = 1024 * 1024;
/** Upload size limits of spec §9. */
export const UPLOAD_LIMITS = {
  identityImage: 10 * MB,
  supportingFile: 2 * MB,
  logo: 2 * MB,
} as const;

/**
 * The most pixels an uploaded image may declare: 40 megapixels (a 7300x5475 photo). A 10 MB file
 * can declare far more and unpack to gigabytes when decoded, so the header is checked first.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The kind of `bytes` by its magic number, or undefined. */
export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  for (const [kind, def] of Object.entries(FILE_KINDS) as [FileKind, (typeof FILE_KINDS)[FileKind]][]) {
    if (def.magic.some((magic) => magic.every((byte, i) => bytes[i] === byte))) return kind;
  }
  return undefined;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG frame headers (SOF0-SOF15 but DHT, JPG and DAC), which carry the image's size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function pngSize(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpegSize(b: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b.readUInt8(at) !== 0xff) return undefined;
    const marker = b.readUInt8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
    } else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
    } else if (marker === 0xd9 || marker === 0xda) {
      return undefined; // the end, or image data before any frame header
    } else if (JPEG_FRAME_MARKERS.has(marker)) {
      if (at + 9 > b.length) return undefined;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    } else {
      const length = b.readUInt16BE(at + 2);
      if (length < 2) return undefined;
      at += 2 + length;
    }
  }
  return undefined;
}

/**
 * The size a PNG (IHDR) or JPEG (frame header) declares, read from its header without decoding
 * anything; undefined when the header is missing or declares no pixels.
 */
export function imageSize(bytes: Uint8Array, kind: 'png' | 'jpeg'): ImageSize | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = kind === 'png' ? pngSize(buffer) : jpegSize(buffer);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

export interface UploadRule {
  allowed: readonly FileKind[];
  maxBytes: number;
  /** For images: the most pixels the header may declare (see `MAX_IMAGE_PIXELS`). */
  maxPixels?: number;
}

/** 415 UPLOAD_TYPE_NOT_ALLOWED naming the kinds and size `rule` allows (also for content that does not decode). */
export function uploadNotAllowed(rule: UploadRule): AppError {
  // jpg covers jpeg: the spec lists both names for one format.
  const types = rule.allowed.map((k) => (k === 'jpeg' ? 'jpg, jpeg' : FILE_KINDS[k].label)).join(', ');
  return new AppError('UPLOAD_TYPE_NOT_ALLOWED', { types, maxMb: Math.round(rule.maxBytes / MB) });
}

/**
 * Checks an upload's content: empty -> 400 UPLOAD_EMPTY, larger than `maxBytes` -> 413
 * PAYLOAD_TOO_LARGE, any other kind than `allowed` -> 415 UPLOAD_TYPE_NOT_ALLOWED. With
 * `maxPixels`, an image without a readable size is 415 and one declaring more pixels is 413,
 * before anything decodes it.
 */
export function checkUpload(bytes: Uint8Array, rule: UploadRule): FileKind {
  if (bytes.length === 0) throw new AppError('UPLOAD_EMPTY');
  if (bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const kind = sniffFileKind(bytes);
  if (!kind || !rule.allowed.includes(kind)) throw uploadNotAllowed(rule);
  if (rule.maxPixels !== undefined && kind !== 'pdf') {
    const size = imageSize(bytes, kind);
    if (!size) throw uploadNotAllowed(rule);
    if (size.width * size.height > rule.maxPixels) throw new AppError('PAYLOAD_TOO_LARGE');
  }
  return kind;
}

export interface StoredFile {
  id: string;
  bytes: Buffer;
  contentType: string;
}

/** Where uploads live; ids are opaque random strings. */
export interface FileStorage {
  put(bytes: Uint8Array, meta: { contentType: string }): Promise<string>;
  get(id: string): Promise<StoredFile | undefined>;
  /** Deletes the file; an unknown id is not an error. */
  remove(id: string): Promise<void>;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Files under `dir` (by default `DATA_DIR/files`), two levels of directories by id prefix: the
 * bytes in `<id>` and the content type in `<id>.json`. Written to a temporary name, then renamed.
 */
export function createLocalFileStorage(dir: string): FileStorage {
  const pathOf = (id: string) => path.join(dir, id.slice(0, 2), id);
  return {
    async put(bytes, meta) {
      const id = crypto.randomBytes(16).toString('hex');
      const target = pathOf(id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.writeFile(`${target}.json`, JSON.stringify({ contentType: meta.contentType }));
      await fs.rename(temp, target);
      return id;
    },
    async get(id) {
      if (!ID_PATTERN.test(id)) return undefined;
      try {
        const [bytes, metaText] = await Promise.all([
          fs.readFile(pathOf(id)),
          fs.readFile(`${pathOf(id)}.json`, 'utf8'),
        ]);
        const meta = JSON.parse(metaText) as { contentType?: unknown };
        const contentType =
          typeof meta.contentType === 'string' ? meta.contentType : 'application/octet-stream';
        return { id, bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(id) {
      if (!ID_PATTERN.test(id)) return;
      await Promise.all([fs.rm(pathOf(id), { force: true }), fs.rm(`${pathOf(id)}.json`, { force: true })]);
    },
  };
}
