import { describe, expect, it } from 'vitest';
import { fontRuns, sliceFor } from './pdf-fonts';

describe('the PDF font slices', () => {
  it('writes Latin, simplified and common traditional text with the main font', () => {
    for (const char of 'AZaz09¥電子機票行程單發單號臺灣电子客票') {
      expect(sliceFor(char.codePointAt(0) ?? 0), char).toBe('chinese-simplified');
    }
  });

  it('takes a character the main font lacks from the numbered slice that holds it', () => {
    const runs = fontRuns('經濟艙 Economy');
    expect(runs.map((r) => r.text).join('')).toBe('經濟艙 Economy');
    expect(runs[0]).toEqual({ slice: 'chinese-simplified', text: '經濟' });
    expect(runs[1]?.text.startsWith('艙')).toBe(true);
    expect(runs[1]?.slice).toMatch(/^\d+$/);
    expect(runs.at(-1)).toEqual({ slice: 'chinese-simplified', text: 'Economy' });
  });
});
