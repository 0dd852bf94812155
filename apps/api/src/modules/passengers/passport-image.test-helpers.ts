import fs from 'node:fs';
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
