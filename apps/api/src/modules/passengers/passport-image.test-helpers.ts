import fs from 'node:fs';
import zlib from 'node:zlib';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';

const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf',
];
let family: string | undefined;

/** A monospace font of the machine (DejaVu Sans Mono when installed), registered once. */
function monospace(): string {
  if (family) return family;
  const file = FONT_FILES.find((f) => fs.existsSync(f));
  family = file && GlobalFonts.registerFromPath(file, 'MrzMono') ? 'MrzMono' : 'monospace';
  return family;
}

/**
 * A synthetic passport data page as PNG, rendered at test time (no binary fixture): a title, a
 * few printed fields and the machine-readable zone in a monospace font at the bottom.
 */
export async function renderPassportPng(mrz: readonly string[], size = 26): Promise<Buffer> {
  const width = Math.ceil(size * 0.62 * 44) + 80;
  const height = size * 12;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f1e8';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#333';
  g.font = `${Math.round(size * 0.8)}px ${monospace()}`;
  g.fillText('PASSPORT / PASSEPORT', 40, size * 1.6);
  g.fillText('Surname / Nom', 40, size * 3.2);
  g.fillText('Date of birth', 40, size * 4.8);
  g.fillStyle = '#000';
  g.font = `${size}px ${monospace()}`;
  mrz.forEach((line, i) => g.fillText(line, 40, height - size * (mrz.length - i) * 1.4));
  return canvas.encode('png');
}

/**
 * A phone photo's worth of pixels: a `side` x `side` PNG (2500 by default) with a passport page
 * rendered large (about 2500 px wide) in its middle, on a desk-grey background.
 */
export async function renderLargePassportPng(mrz: readonly string[], side = 2500): Promise<Buffer> {
  const page = await loadImage(await renderPassportPng(mrz, Math.floor((side - 80) / (0.62 * 44))));
  const canvas = createCanvas(side, side);
  const g = canvas.getContext('2d');
  g.fillStyle = '#9a9a92';
  g.fillRect(0, 0, side, side);
  g.drawImage(page, Math.round((side - page.width) / 2), Math.round((side - page.height) / 2));
  return canvas.encode('png');
}

/** A plain page without any machine-readable zone. */
export async function renderBlankPng(): Promise<Buffer> {
  const canvas = createCanvas(600, 300);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 600, 300);
  g.fillStyle = '#000';
  g.font = `28px ${monospace()}`;
  g.fillText('Hello, no zone here', 40, 150);
  return canvas.encode('png');
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  fieldname: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldname}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG written by hand (every CRC right): `width` x `height`, `depth` bits of grey, `idat` as given. */
function handMadePng(width: number, height: number, depth: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(depth, 8); // colour type 0 (grey), deflate, no filter method, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Where the first IDAT chunk's data starts and how long it is. */
function idatOf(png: Buffer): { start: number; length: number } {
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') return { start: at + 8, length };
    at += 12 + length;
  }
  throw new Error('no IDAT chunk');
}

/** A 1x1 grey PNG whose IDAT CRC is wrong: the outside review's crash. */
export function badChecksumPng(): Buffer {
  const png = handMadePng(1, 1, 8, zlib.deflateSync(Buffer.from([0, 0x80])));
  const { start, length } = idatOf(png);
  png.writeUInt32BE(png.readUInt32BE(start + length) ^ 0xffff, start + length);
  return png;
}

let bomb: Buffer | undefined;
/**
 * A zip-bomb PNG: about 110 kB of valid PNG (every CRC right) declaring 30000x30000 pixels, its
 * IDAT inflating to 112 MB of rows (900 megapixels once decoded). Made once per process.
 */
export function zipBombPng(): Buffer {
  const side = 30_000;
  bomb ??= handMadePng(side, side, 1, zlib.deflateSync(Buffer.alloc(side * (1 + side / 8)), { level: 9 }));
  return bomb;
}

/** A canvas-rendered image with some text, as PNG or JPEG. */
function renderedImage(format: 'png' | 'jpeg'): Buffer {
  const canvas = createCanvas(400, 200);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 400, 200);
  g.fillStyle = '#000';
  g.font = '24px sans-serif';
  g.fillText('P<UTOERIKSSON<<ANNA', 20, 100);
  return format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 90);
}

/** One upload of the broken-image corpus and the status it must be answered with. */
export interface BrokenImage {
  label: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** 400 empty, 413 too many pixels by its header, 415 not an image or does not decode. */
  status: 400 | 413 | 415;
}

/**
 * Images that are broken or hostile, each answered with a 4xx by every upload that takes images
 * (and never by a crash): bad checksum, truncated, bad zlib data, zero length, a zip bomb, huge
 * dimensions in the header, wrong magic, a JPEG cut in half. Built synchronously, no fixture files.
 */
export function brokenImageCorpus(): BrokenImage[] {
  const png = renderedImage('png');
  const { start, length } = idatOf(png);
  const badZlib = Buffer.from(png);
  for (let i = start + 2; i < start + length; i++) badZlib[i] = (badZlib[i] ?? 0) ^ 0x5a;
  // The garbled data gets its right CRC: only the zlib stream is wrong.
  badZlib.writeUInt32BE(zlib.crc32(badZlib.subarray(start - 4, start + length)), start + length);
  const jpeg = renderedImage('jpeg');
  const image = (label: string, bytes: Buffer, status: BrokenImage['status'], jpg = false): BrokenImage => ({
    label,
    filename: jpg ? 'passport.jpg' : 'passport.png',
    contentType: jpg ? 'image/jpeg' : 'image/png',
    bytes,
    status,
  });
  return [
    image('PNG with a bad IDAT checksum (1x1)', badChecksumPng(), 415),
    image('PNG truncated inside its IDAT', png.subarray(0, start + Math.floor(length / 2)), 415),
    image('PNG with bad zlib data and right checksums', badZlib, 415),
    image('zero-length file', Buffer.alloc(0), 400),
    image('zip-bomb PNG inflating to 30000x30000', zipBombPng(), 413),
    image(
      'PNG declaring 2147483647x2147483647',
      handMadePng(0x7fffffff, 0x7fffffff, 8, Buffer.alloc(16)),
      413,
    ),
    image(
      'PNG declaring 1000000x10 pixels',
      handMadePng(1_000_000, 10, 8, zlib.deflateSync(Buffer.alloc(64))),
      413,
    ),
    image(
      'GIF under a PNG name (wrong magic)',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      415,
    ),
    image('JPEG cut in half', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 415, true),
  ];
}
