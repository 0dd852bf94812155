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

/** The kind of `bytes` by its magic number, or undefined. */
export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  for (const [kind, def] of Object.entries(FILE_KINDS) as [FileKind, (typeof FILE_KINDS)[FileKind]][]) {
    if (def.magic.some((magic) => magic.every((byte, i) => bytes[i] === byte))) return kind;
  }
  return undefined;
}

export interface UploadRule {
  allowed: readonly FileKind[];
  maxBytes: number;
}

/**
 * Checks an upload's content: empty -> 400 UPLOAD_EMPTY, larger than `maxBytes` -> 413
 * PAYLOAD_TOO_LARGE, any other kind than `allowed` -> 415 UPLOAD_TYPE_NOT_ALLOWED.
 */
export function checkUpload(bytes: Uint8Array, rule: UploadRule): FileKind {
  if (bytes.length === 0) throw new AppError('UPLOAD_EMPTY');
  if (bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const kind = sniffFileKind(bytes);
  if (!kind || !rule.allowed.includes(kind)) {
    // jpg covers jpeg: the spec lists both names for one format.
    const types = rule.allowed.map((k) => (k === 'jpeg' ? 'jpg, jpeg' : FILE_KINDS[k].label)).join(', ');
    throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', { types, maxMb: Math.round(rule.maxBytes / MB) });
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
  };
}
