import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from './demo';

export type LanguageLabel = 'English' | '简体中文' | '繁體中文';

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/** Page object for the portal shell: home login form, footer switches, user menu. */
export class PortalPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
  }

  /** Clicks a language in the footer switch. */
  async chooseLanguage(label: LanguageLabel) {
    // On the home page the footer moves down while the marketing sections are added below the
    // login card; aim at it once they are all in.
    await expect(this.page.getByTestId('language-switch')).toBeVisible();
    if (await this.page.getByTestId('login-form').isVisible())
      await expect(this.page.getByTestId('home-marketing')).toHaveAttribute('aria-busy', 'false');
    await this.page.getByTestId('language-switch').getByRole('button', { name: label }).click();
    await expect(
      this.page.getByTestId('language-switch').getByRole('button', { name: label }),
    ).toHaveAttribute('aria-pressed', 'true');
  }

  /** Fills and submits the home page login form (labels in the current language). */
  async login(
    username: string,
    password = DEMO_PASSWORD,
    labels = { username: 'Username', password: 'Password', submit: 'Log in' },
  ) {
    const form = this.page.getByTestId('login-form');
    await form.getByLabel(labels.username).fill(username);
    await form.getByLabel(labels.password).fill(password);
    await form.getByRole('button', { name: labels.submit }).click();
  }

  /** Opens the home page in English, logs `username` in and waits for its `landing` page. */
  async loginInEnglish(username: string, landing: string) {
    await this.open('/');
    await this.chooseLanguage('English');
    await this.login(username);
    await expect(this.page).toHaveURL(landing);
    await this.waitForPage();
  }

  /**
   * Opens the user menu and clicks one of its entries. The dropdown can close under the pointer when
   * the header re-renders (e.g. the session refresh after a login), so the pair is retried.
   */
  async userMenu(entry: string) {
    await this.pickFromUserMenu(this.page.getByRole('menuitem', { name: entry }));
  }

  /** Logs out through the user menu in whatever language the page is in. */
  async logoutAnyLanguage() {
    const loginForm = this.page.getByTestId('login-form');
    // A click that lands while the menu closes is lost: pick Log out again until the form shows.
    await expect(async () => {
      if (await loginForm.isVisible()) return;
      await this.pickFromUserMenu(this.page.locator('[data-menu-id$="-logout"]'));
      await expect(loginForm).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
  }

  private async pickFromUserMenu(item: Locator) {
    await expect(async () => {
      if (!(await item.isVisible())) await this.page.getByTestId('user-menu').click();
      await item.click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }

  async logout(label = 'Log out') {
    await this.userMenu(label);
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  /** Waits until the current page has rendered: lazy chunk loaded (no spinner) and its h1 shown. */
  async waitForPage() {
    await expect(this.page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(this.page.getByTestId('page-title')).toBeVisible();
  }

  /** A toast (antd message) with this text; the same message twice in a few seconds shows two. */
  toast(text: string) {
    return this.page.locator('.ant-message-notice').filter({ hasText: text }).first();
  }

  async screenshot(name: string) {
    await this.waitForPage();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await this.page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }
}
