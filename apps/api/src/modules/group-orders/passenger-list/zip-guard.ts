import JSZip from 'jszip';

/** What a zip archive inflates to, checked before a reader unpacks it. */
export type InflatedSize = 'within' | 'too_large' | 'unreadable';

/** Inflates one entry chunk by chunk, stopping as soon as more than `left` bytes came out. */
function inflateUpTo(file: JSZip.JSZipObject, left: number): Promise<number | 'too_large' | 'unreadable'> {
  return new Promise((resolve) => {
    let out = 0;
    const stream = file.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        out += chunk.length;
        if (out > left) {
          stream.pause();
          resolve('too_large');
        }
      })
      .on('error', () => resolve('unreadable'))
      .on('end', () => resolve(out));
  });
}

/**
 * Whether the entries of the zip archive `bytes` inflate to at most `limitBytes` together. The
 * archive is read by JSZip, the reader exceljs opens workbooks with, so these are the entries it
 * would unpack; each is actually inflated, in chunks, until the limit is passed: the sizes an
 * archive declares are not trusted, so a small upload that would inflate to gigabytes (a "zip
 * bomb") costs little more than `limitBytes` of work here. An archive JSZip cannot read is
 * `unreadable`.
 */
export async function inflatedSize(bytes: Buffer, limitBytes: number): Promise<InflatedSize> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return 'unreadable';
  }
  let left = limitBytes;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const size = await inflateUpTo(file, left);
    if (typeof size !== 'number') return size;
    left -= size;
  }
  return 'within';
}
