import { theme, type ThemeConfig } from 'antd';

/** The portal's default theme. */
export const DEFAULT_THEME: ThemeConfig = {
  // antd's component styles are static CSS (antd-styles-plugin.ts); the tokens stay CSS variables.
  zeroRuntime: true,
  token: { colorPrimary: '#1668dc', borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fa', footerBg: '#ffffff' } },
};

/** The partner agency's (id 222) green and black theme (spec §1). */
export const PARTNER_THEME: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  zeroRuntime: true,
  token: { colorPrimary: '#00a870', colorLink: '#00a870', borderRadius: 4 },
  components: {
    Layout: { headerBg: '#000000', bodyBg: '#f4f6f5', footerBg: '#ffffff' },
    Menu: { darkItemBg: '#000000', darkPopupBg: '#000000', darkItemSelectedBg: '#00a870' },
  },
};
