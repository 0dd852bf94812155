import { describe, expect, it } from 'vitest';
// The script's compilation (esbuild) is checked by the build and the browser tests: esbuild does
// not run under jsdom.
import { firstPaintConfig, withFirstPaint } from './first-paint-plugin.ts';

const BUILT = `<!doctype html>
<html lang="zh-cn">
  <head>
    <script type="module" crossorigin src="/assets/runtime-1.js"></script>
    <script type="module" crossorigin src="/assets/shell-2.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/shell-3.css">
    <link rel="modulepreload" crossorigin href="/assets/locale-4.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the built page with the first paint', () => {
  it('lists the module scripts and preloads for after the paint and keeps the stylesheets', () => {
    const page = withFirstPaint(BUILT, 'bootPage()', { en: '/assets/locale-en-core-5.js' });
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-3.css">');
    const list = /<script type="application\/json" id="portal-app">(.*)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(list ?? '')).toEqual({
      scripts: ['/assets/runtime-1.js', '/assets/shell-2.js'],
      preloads: ['/assets/locale-4.js'],
      locales: { en: '/assets/locale-en-core-5.js' },
    });
    // The script runs right after #root, once the list is in the page.
    expect(page).toMatch(
      /<div id="root"><\/div>\s*<script type="application\/json"[^]*<\/script>\s*<script>bootPage\(\)<\/script>/,
    );
  });

  it('refuses a page it cannot place the first paint in', () => {
    expect(() => withFirstPaint('<body></body>', 'x')).toThrow(/no <div id="root">/);
    expect(() => withFirstPaint('<div id="root"></div>', 'x')).toThrow(/no module script/);
  });

  it('takes the texts of every language from the locale files', () => {
    const config = firstPaintConfig();
    expect(Object.keys(config.texts).sort()).toEqual(['en', 'zh-cn', 'zh-tw']);
    expect(config.texts.en.login).toBe('Log in');
    expect(config.texts['zh-cn'].title).toContain('分销平台');
  });
});
