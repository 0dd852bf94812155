import { theme, type ThemeConfig } from 'antd';

/**
 * antd's text and status colours darkened to WCAG 2 AA (4.5:1 for normal text) on the portal's
 * backgrounds (white cards, the #f5f7fa page, table headers): secondary and description text,
 * placeholders, links, the status colours tags and texts are written in, and the preset colours
 * tags use (their shade 7 is the text on shade 1). Fills and borders keep antd's light shades, set
 * here because darker seeds would derive greyish ones. Disabled text stays light (WCAG exempts
 * it). Measured by e2e/tests/accessibility.spec.ts (docs/accessibility.md); theme.test.ts checks
 * the ratios.
 */
export const READABLE_TOKENS: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#9c5d00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorInfo: '#1668dc',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  colorError: '#cf1322',
  colorErrorHover: '#d9363e',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  green7: '#237804',
  'green-7': '#237804',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
  volcano7: '#ad2102',
  'volcano-7': '#ad2102',
  gold7: '#9c5d00',
  'gold-7': '#9c5d00',
};

/** The default theme's tokens (`DEFAULT_THEME` in theme.ts). */
export const DEFAULT_TOKEN: ThemeConfig['token'] = {
  ...READABLE_TOKENS,
  colorPrimary: '#1668dc',
  // antd derives a lighter hover (white on it 3.5:1) and links in its own #1677ff (4.1:1).
  colorPrimaryHover: '#2b72d6',
  colorLink: '#1668dc',
  colorLinkHover: '#094bb5',
  borderRadius: 6,
};

/**
 * What antd hands the default theme's algorithm: its default seed with the theme's tokens laid
 * over it. `theme-map-token.generated.ts` holds what antd's default algorithm derives from it.
 */
export const DEFAULT_SEED = { ...theme.defaultSeed, ...DEFAULT_TOKEN };
