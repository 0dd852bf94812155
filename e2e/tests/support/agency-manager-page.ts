import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

// Room for server answers on a loaded machine (the suite's default is 10 s).
const expect = baseExpect.configure({ timeout: 30_000 });

/** Labels of /agency-manager in Traditional Chinese (the admin of these tests works in it). */
export const AGENCY_LABELS_ZH_TW = {
  search: '名稱、簡稱、合作夥伴代碼、聯絡人、電郵或電話',
  add: '新增下級代理商',
  name: '公司名稱',
  contactName: '聯絡人',
  email: '電郵',
  superAdminUsername: '超級管理員使用者名稱',
  // antd puts a space between the two characters of a two-character Chinese button.
  save: /^儲\s*存$/,
  done: /^完\s*成$/,
  moreOf: (name: string) => `${name} 的更多操作`,
  topUp: '儲值',
  topUpSubmit: /^儲\s*值$/,
  amountReceived: '實收金額',
  amount: '金額',
  reference: '參考號',
  topUpDone: (name: string, balance: string) => `已為 ${name} 儲值：目前餘額 ${balance}`,
  settings: '設定',
  settingsTitle: (name: string) => `${name} 的設定`,
  flightTab: '機票',
  chainTab: '價格鏈',
  addAdjustment: '新增調整',
  removeAdjustment: (category: string) => `刪除${category}的調整`,
  unit: '單位',
  value: '數值',
  percent: '百分比',
  settingsSaved: '設定已儲存',
  showChain: '查看價格鏈',
  net: '供應商底價',
  sale: '銷售價',
} as const;

const L = AGENCY_LABELS_ZH_TW;

/** Page object for /agency-manager: the sub-agency tree, its dialogs and the settings drawer. */
export class AgencyManagerPage {
  constructor(readonly page: Page) {}

  get table(): Locator {
    return this.page.getByTestId('agencies-table');
  }

  /** The tree's row of the agency named `name`. */
  row(name: string): Locator {
    return this.table.locator('tr.ant-table-row').filter({ hasText: name });
  }

  /** Narrows the tree to agencies matching `keyword` (the list is paged; other tests add agencies). */
  async find(keyword: string) {
    const box = this.page.getByPlaceholder(L.search);
    await box.fill(keyword);
    await box.press('Enter');
    await expect(this.row(keyword)).toBeVisible();
  }

  /**
   * Creates a sub-agency of the admin's agency through the form and answers the temporary password
   * of its super admin, read from the dialog that shows it once.
   */
  async create(agency: { name: string; contact: string; email: string; superAdmin: string }) {
    await this.page.getByRole('button', { name: L.add }).click();
    const form = this.page.getByTestId('agency-form');
    await form.getByLabel(L.name, { exact: true }).fill(agency.name);
    await form.getByLabel(L.contactName, { exact: true }).fill(agency.contact);
    await form.getByLabel(L.email, { exact: true }).fill(agency.email);
    await form.getByLabel(L.superAdminUsername, { exact: true }).fill(agency.superAdmin);
    await this.page.getByRole('dialog', { name: L.add }).getByRole('button', { name: L.save }).click();
    const shownOnce = this.page.getByTestId('temporary-password');
    await expect(shownOnce).toBeVisible();
    const password = (await shownOnce.locator('code').textContent())?.trim() ?? '';
    expect(password).not.toBe('');
    return { password, close: () => this.closePasswordDialog() };
  }

  private async closePasswordDialog() {
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.getByTestId('temporary-password') });
    await dialog.getByRole('button', { name: L.done }).click();
    await expect(dialog).toBeHidden();
  }

  /**
   * Opens the row's "More" menu and clicks `entry`, which opens `opened`. The menu animates and a
   * click can land as it closes, so the pair is retried until `opened` shows (and not after: the
   * drawer's mask would then catch the next click).
   */
  async rowAction(name: string, entry: string, opened: Locator) {
    const item = this.page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: entry, exact: true });
    await expect(async () => {
      if (await opened.isVisible()) return;
      if (!(await item.isVisible())) {
        await this.page.getByRole('button', { name: L.moreOf(name) }).click({ timeout: 5_000 });
      }
      await item.click({ timeout: 5_000 });
      await expect(opened).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }

  /** Adds `amount` (e.g. "5000") to the agency's wallet through the Add funds dialog. */
  async addFunds(name: string, amount: string, reference: string) {
    const form = this.page.getByTestId('top-up-form');
    await this.rowAction(name, L.topUp, form);
    await form.getByLabel(L.amountReceived, { exact: true }).fill(amount);
    // The amount is worked out from amount received × rate (1) less the fee (none).
    await expect(form.getByLabel(L.amount, { exact: true })).toHaveValue(`${amount}.00`);
    await form.getByLabel(L.reference, { exact: true }).fill(reference);
    await this.page
      .getByRole('dialog')
      .filter({ has: form })
      .getByRole('button', { name: L.topUpSubmit })
      .click();
    await expect(form).toBeHidden();
  }

  /** Opens the agency's settings drawer. */
  async openSettings(name: string): Promise<Locator> {
    const drawer = this.page.getByRole('dialog', { name: L.settingsTitle(name) });
    await this.rowAction(name, L.settings, drawer);
    await expect(drawer.getByRole('tab', { name: L.flightTab })).toBeVisible();
    return drawer;
  }

  /** Adds a percent markup on the first free category (Mainland China on a new agency) and saves. */
  async addPercentMarkup(drawer: Locator, category: string, percent: number) {
    await drawer.getByRole('tab', { name: L.flightTab }).click();
    const editor = drawer.getByTestId('price-adjustments');
    await editor.getByRole('button', { name: L.addAdjustment }).click();
    // The new row's category names its remove button; its unit is percent.
    await expect(editor.getByRole('button', { name: L.removeAdjustment(category) })).toBeVisible();
    await expect(editor).toContainText(new RegExp(`${L.unit}\\s*${L.percent}`));
    await editor.getByLabel(L.value, { exact: true }).fill(String(percent));
    await drawer.getByRole('button', { name: L.save }).click();
  }

  /** Shows the drawer's price chain for the default category and net amount (1,000). */
  async showChain(drawer: Locator): Promise<Locator> {
    await drawer.getByRole('tab', { name: L.chainTab }).click();
    await drawer.getByRole('button', { name: L.showChain }).click();
    const chain = drawer.getByTestId('price-chain');
    await expect(chain).toBeVisible();
    return chain;
  }
}
