import { theme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { defaultAlgorithm, DEFAULT_THEME, PARTNER_THEME, sameSeed } from './theme';
import { DEFAULT_MAP_TOKEN } from './theme-map-token.generated';
import { DEFAULT_SEED } from './theme-seed';

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1) as Rgba;
  const short = /^#([0-9a-f]{3})$/i.exec(colour)?.[1];
  if (short) return [...short].map((c) => parseInt(c + c, 16)).concat(1) as Rgba;
  const parts = /^rgba?\(([^)]*)\)$/.exec(colour.replace(/\s/g, ''))?.[1]?.split(',').map(Number);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${colour}`);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of `fg` (maybe translucent) drawn on the opaque `bg`. */
function contrast(fg: string, bg: string): number {
  const back = parse(bg);
  const front = parse(fg);
  const a = front[3];
  const shown = [0, 1, 2].map((i) => (front[i] ?? 0) * a + (back[i] ?? 0) * (1 - a)).concat(1) as Rgba;
  const [hi, lo] = [luminance(shown), luminance(back)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The pairs of text and background a page shows, from the theme's tokens (4.5:1 each, WCAG AA). */
function textPairs(config: ThemeConfig, pageBg: string): [string, string, string][] {
  const t = theme.getDesignToken(config);
  const backgrounds = { card: t.colorBgContainer, page: pageBg, tableHeader: '#fafafa' };
  const pairs: [string, string, string][] = [];
  const texts = {
    colorLink: t.colorLink,
    colorLinkHover: t.colorLinkHover,
    colorPrimary: t.colorPrimary,
    colorTextSecondary: t.colorTextSecondary,
    colorTextTertiary: t.colorTextTertiary,
    colorTextDescription: t.colorTextDescription,
    colorTextPlaceholder: t.colorTextPlaceholder,
    colorErrorText: t.colorErrorText,
    colorSuccessText: t.colorSuccessText,
    colorWarningText: t.colorWarningText,
  };
  for (const [name, fg] of Object.entries(texts))
    for (const [where, bg] of Object.entries(backgrounds)) pairs.push([`${name} on ${where}`, fg, bg]);
  // Selected menu items and rows: primary text on the primary background.
  pairs.push(['colorPrimary on colorPrimaryBg', t.colorPrimary, t.colorPrimaryBg]);
  pairs.push(['colorPrimary on controlItemBgActive', t.colorPrimary, t.controlItemBgActive]);
  // Buttons: white text on the primary and danger fills, at rest and under the mouse.
  for (const fill of ['colorPrimary', 'colorPrimaryHover', 'colorError', 'colorErrorHover'] as const)
    pairs.push([`white on ${fill}`, t.colorTextLightSolid, t[fill]]);
  // Tags: a status tag writes its status colour on the status background, a preset tag its shade 7
  // on its shade 1 (antd's `.ant-tag-<x>.ant-tag-filled`).
  for (const status of ['Success', 'Info', 'Warning', 'Error'] as const)
    pairs.push([`${status} tag`, t[`color${status}`], t[`color${status}Bg`]]);
  for (const preset of ['green', 'orange', 'cyan', 'volcano', 'gold', 'red', 'blue', 'purple'] as const) {
    pairs.push([`${preset} tag`, t[`${preset}7`], t[`${preset}1`]]);
    pairs.push([`${preset} tag (css variable)`, t[`${preset}-7`], t[`${preset}-1`]]);
  }
  return pairs;
}

describe('theme colours read at WCAG 2 AA (4.5:1)', () => {
  it.each([
    ['default', DEFAULT_THEME, '#f5f7fa'],
    ['partner', PARTNER_THEME, '#f4f6f5'],
  ] as const)('every text token of the %s theme on its backgrounds', (_, config, pageBg) => {
    const failing = textPairs(config, pageBg)
      .map(([name, fg, bg]) => ({ name, fg, bg, ratio: Number(contrast(fg, bg).toFixed(2)) }))
      .filter((pair) => pair.ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it("the partner menu's selected item is white on a dark enough green", () => {
    const selected = PARTNER_THEME.components?.Menu?.darkItemSelectedBg ?? '';
    expect(contrast('#ffffff', selected)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the default theme's derived tokens, worked out ahead", () => {
  it('match what antd derives from the seed today (else: npm run generate:theme -w @portal/web)', () => {
    expect(DEFAULT_MAP_TOKEN).toEqual(theme.defaultAlgorithm(DEFAULT_SEED));
  });

  it('are used: antd hands the algorithm exactly the seed they were derived from', () => {
    const seeds: object[] = [];
    theme.getDesignToken({
      ...DEFAULT_THEME,
      algorithm: (seed) => {
        seeds.push(seed);
        return theme.defaultAlgorithm(seed);
      },
    });
    expect(seeds).toHaveLength(1);
    expect(sameSeed(seeds[0] ?? {}, DEFAULT_SEED)).toBe(true);
  });

  it("give the theme antd's own tokens", () => {
    expect(theme.getDesignToken(DEFAULT_THEME)).toEqual(
      theme.getDesignToken({ ...DEFAULT_THEME, algorithm: theme.defaultAlgorithm }),
    );
  });

  it('stand aside for any other seed', () => {
    const other = { ...DEFAULT_SEED, colorPrimary: '#007f55' };
    expect(sameSeed(other, DEFAULT_SEED)).toBe(false);
    expect(sameSeed({ ...DEFAULT_SEED, extra: 1 }, DEFAULT_SEED)).toBe(false);
    expect(defaultAlgorithm(other)).toEqual(theme.defaultAlgorithm(other));
    expect(defaultAlgorithm(other).colorPrimary).toBe('#007f55');
  });
});
