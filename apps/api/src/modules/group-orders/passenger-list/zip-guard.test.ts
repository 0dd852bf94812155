import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inflatedSize } from './zip-guard';

const archive = async (entries: Record<string, Buffer>) => {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(entries)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

describe('inflatedSize', () => {
  it('counts every entry together against the limit, whatever the archive declares', async () => {
    const two = await archive({ 'a.xml': Buffer.alloc(600), 'b.xml': Buffer.alloc(600) });
    expect(await inflatedSize(two, 1200)).toBe('within');
    expect(await inflatedSize(two, 1199)).toBe('too_large');
  });

  it('stops a small archive that inflates to far more than the limit', async () => {
    const bomb = await archive({ 'zeros.bin': Buffer.alloc(32 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await inflatedSize(bomb, 1024 * 1024)).toBe('too_large');
  });

  it('answers unreadable for what is not a zip archive', async () => {
    expect(await inflatedSize(Buffer.from('PK\u0003\u0004garbage'), 1024)).toBe('unreadable');
  });
});
