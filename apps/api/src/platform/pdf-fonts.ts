import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

/*
 * The fonts of the PDF documents: Noto Sans SC (SIL OFL 1.1) of the npm package
 * `@fontsource/noto-sans-sc`. Its `chinese-simplified` file writes Latin text, simplified Chinese
 * and most traditional characters; a character it lacks (艙 of 經濟艙) is written with the
 * package's numbered slice of the full font that holds it, found by the `unicode-range` of the
 * package's CSS, loaded on first need.
 *
 * The WOFF files are used, unpacked once into plain sfnt fonts held in memory: fontkit subsets a
 * TrueType font into a few kB, but the same font from the WOFF2 file came out at 1-2.5 MB per
 * document (its decoding of WOFF2's transformed glyph table), and reading a WOFF file for every
 * document costs seconds of unpacking.
 */

export type FontWeight = 400 | 700;

const PACKAGE = '@fontsource/noto-sans-sc';
const require = createRequire(import.meta.url);
const packageDir = () => path.dirname(require.resolve(`${PACKAGE}/package.json`));

/** The sfnt font (TrueType or OpenType) packed in a WOFF 1.0 file: each table inflated, checksums kept. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < woff.readUInt32BE(at + 12) ? zlib.inflateSync(raw) : raw,
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + 16 * count;
  const out = Buffer.alloc(tables.reduce((sum, t) => sum + padded(t.data.length), headerSize));
  const log2 = Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(2 ** log2 * 16, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(count * 16 - 2 ** log2 * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const entry = 12 + 16 * i;
    out.writeUInt32BE(table.tag, entry);
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

/** The code points an sfnt font maps to glyphs (its Unicode cmap subtable of format 4 or 12). */
export function cmapCodePoints(sfnt: Buffer): Set<number> {
  const points = new Set<number>();
  const tableCount = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tableCount; i += 1) {
    const entry = 12 + 16 * i;
    if (sfnt.toString('latin1', entry, entry + 4) === 'cmap') cmap = sfnt.readUInt32BE(entry + 8);
  }
  if (cmap < 0) return points;
  const subtables = sfnt.readUInt16BE(cmap + 2);
  const offsets = Array.from({ length: subtables }, (_, i) => cmap + sfnt.readUInt32BE(cmap + 4 + 8 * i + 4));
  const format12 = offsets.find((at) => sfnt.readUInt16BE(at) === 12);
  if (format12 !== undefined) {
    const groups = sfnt.readUInt32BE(format12 + 12);
    for (let g = 0; g < groups; g += 1) {
      const at = format12 + 16 + 12 * g;
      for (let c = sfnt.readUInt32BE(at); c <= sfnt.readUInt32BE(at + 4); c += 1) points.add(c);
    }
    return points;
  }
  const format4 = offsets.find((at) => sfnt.readUInt16BE(at) === 4);
  if (format4 === undefined) return points;
  const segments = sfnt.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + 2 * segments + 2;
  for (let s = 0; s < segments; s += 1) {
    const end = sfnt.readUInt16BE(ends + 2 * s);
    for (let c = sfnt.readUInt16BE(starts + 2 * s); c <= end && c !== 0xffff; c += 1) points.add(c);
  }
  return points;
}

const fontCache = new Map<string, Buffer>();

/** The unpacked font of a file of the package (`chinese-simplified`, `42`...) and weight. */
export function fontFile(slice: string, weight: FontWeight): Buffer {
  const name = `noto-sans-sc-${slice}-${weight}-normal.woff`;
  let font = fontCache.get(name);
  if (!font) {
    font = woffToSfnt(fs.readFileSync(path.join(packageDir(), 'files', name)));
    fontCache.set(name, font);
  }
  return font;
}

let mainPoints: Set<number> | undefined;
let slices: { slice: string; ranges: [number, number][] }[] | undefined;

/** The numbered slices of the full font and their `unicode-range`s, from the package's CSS. */
function sliceRanges() {
  if (!slices) {
    const css = fs.readFileSync(path.join(packageDir(), '400.css'), 'utf8');
    slices = css
      .split('@font-face')
      .map((block) => ({
        slice: /noto-sans-sc-(\d+)-400-normal\.woff/.exec(block)?.[1],
        range: /unicode-range:([^;]+);/.exec(block)?.[1],
      }))
      .flatMap(({ slice, range }) =>
        slice && range
          ? [
              {
                slice,
                ranges: range.split(',').map((part): [number, number] => {
                  const [lo = '0', hi] = part.trim().replace(/^U\+/i, '').split('-');
                  return [parseInt(lo, 16), parseInt(hi ?? lo, 16)];
                }),
              },
            ]
          : [],
      );
  }
  return slices;
}

/** The font file (slice) that writes `codePoint`: the main one when it has it, else the numbered slice. */
export function sliceFor(codePoint: number): string {
  mainPoints ??= cmapCodePoints(fontFile('chinese-simplified', 400));
  if (mainPoints.has(codePoint)) return 'chinese-simplified';
  const found = sliceRanges().find((s) => s.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi));
  return found?.slice ?? 'chinese-simplified';
}

/** `text` cut into runs of one font slice each, in order. */
export function fontRuns(text: string): { slice: string; text: string }[] {
  const runs: { slice: string; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // Spaces and line breaks stay with the run they are in: every slice has them or needs none.
    const slice = code <= 0x20 ? (runs.at(-1)?.slice ?? 'chinese-simplified') : sliceFor(code);
    const last = runs.at(-1);
    if (last && last.slice === slice) last.text += char;
    else runs.push({ slice, text: char });
  }
  return runs;
}
