import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import { DEFAULT_MAP_TOKEN } from './theme-map-token.generated';
import { DEFAULT_SEED, DEFAULT_TOKEN, READABLE_TOKENS } from './theme-seed';

/** Whether two seeds hold the same values under the same names. */
export function sameSeed(seed: object, expected: object): boolean {
  const a = seed as Record<string, unknown>;
  const b = expected as Record<string, unknown>;
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

/**
 * antd's default algorithm, with its result for the default theme's seed worked out when the
 * tokens file was generated (`npm run generate:theme -w @portal/web`; theme.test.ts fails when
 * the file no longer matches antd). Deriving the colour palettes takes over 100 ms of script on
 * a throttled phone, in one piece, while the first page renders. Any other seed (a nested theme,
 * a changed token) is derived as antd would.
 */
export const defaultAlgorithm: MappingAlgorithm = (seed) =>
  sameSeed(seed, DEFAULT_SEED) ? DEFAULT_MAP_TOKEN : theme.defaultAlgorithm(seed);

/** The portal's default theme. */
export const DEFAULT_THEME: ThemeConfig = {
  algorithm: defaultAlgorithm,
  // antd's component styles are static CSS (antd-styles-plugin.ts); the tokens stay CSS variables.
  zeroRuntime: true,
  token: DEFAULT_TOKEN,
  components: { Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fa', footerBg: '#ffffff' } },
};

/** The partner agency's (id 222) green and black theme (spec §1), its green darkened to AA. */
export const PARTNER_THEME: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  zeroRuntime: true,
  token: {
    ...READABLE_TOKENS,
    colorPrimary: '#007f55',
    colorPrimaryHover: '#00845a',
    // The light shades antd derives from this darker green are grey (#acbfb6): selected menu items
    // and rows keep a light green under green text (4.5:1).
    colorPrimaryBg: '#ebf7f1',
    colorPrimaryBgHover: '#d1e8dc',
    colorPrimaryBorder: '#63cfa0',
    colorLink: '#007f55',
    colorLinkHover: '#00593e',
    borderRadius: 4,
  },
  components: {
    Layout: { headerBg: '#000000', bodyBg: '#f4f6f5', footerBg: '#ffffff' },
    Menu: { darkItemBg: '#000000', darkPopupBg: '#000000', darkItemSelectedBg: '#007f55' },
  },
};
