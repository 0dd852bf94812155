import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'zh-cn'],
    ['', 'zh-cn'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-cn', 'zh-cn'],
    ['zh-TW', 'zh-tw'],
    ['zh-Hant-HK', 'zh-tw'],
    ['zh-Hans', 'zh-cn'],
    ['fr-FR', 'zh-cn'],
    ['fr;q=1, en;q=0.5', 'en'],
    ['zh-tw;q=0.2, en;q=0.8', 'en'],
  ])('%s -> %s', (header, locale) => {
    expect(resolveLocale(header)).toBe(locale);
  });
});
