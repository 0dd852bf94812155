import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo';
import { PortalPage, type LanguageLabel } from './support/portal-page';

const LOCALES: {
  code: string;
  label: LanguageLabel;
  form: { username: string; password: string; submit: string };
}[] = [
  { code: 'en', label: 'English', form: { username: 'Username', password: 'Password', submit: 'Log in' } },
  { code: 'zh-cn', label: '简体中文', form: { username: '用户名', password: '密码', submit: '登录' } },
  { code: 'zh-tw', label: '繁體中文', form: { username: '使用者名稱', password: '密碼', submit: '登入' } },
];

test.describe('screenshots of the home page and each role landing page, in each locale', () => {
  for (const locale of LOCALES) {
    test(`home and landing pages in ${locale.code}`, async ({ page }) => {
      const portal = new PortalPage(page);
      await portal.open('/');
      await portal.chooseLanguage(locale.label);
      await expect(page.getByTestId('login-form')).toBeVisible();
      await portal.screenshot(`home-${locale.code}`);
      for (const { username, landing } of DEMO_USERS) {
        await portal.login(username, undefined, locale.form);
        await expect(page).toHaveURL(landing);
        await portal.waitForPage();
        await portal.screenshot(`landing-${username}-${locale.code}`);
        await portal.logoutAnyLanguage();
        // The partner agency forces zh-cn; choose this run's language again.
        await portal.chooseLanguage(locale.label);
      }
    });
  }
});
