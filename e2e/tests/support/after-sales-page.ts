import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of an order's after-sales dialogs (refund, change, void) and its status. */
export class AfterSalesPage {
  constructor(readonly page: Page) {}

  async openOrder(id: string) {
    await this.page.goto(`/flight/orders/${id}`);
    await expect(this.page.getByTestId('order-header')).toBeVisible();
  }

  /** The id of the order the page shows (after a dialog opened the new after-sales order). */
  async waitForNewOrder(previousId: string): Promise<string> {
    await expect(this.page).not.toHaveURL(new RegExp(`/flight/orders/${previousId}$`));
    await expect(this.page).toHaveURL(/\/flight\/orders\/[0-9a-f-]{36}$/);
    await expect(this.page.getByTestId('order-header')).toBeVisible();
    return this.page.url().split('/').pop() ?? '';
  }

  status() {
    return this.page.getByTestId('order-status');
  }

  /**
   * Opens the select named `label` inside `scope` and picks the option titled `option`. The dropdown
   * animates open and closed, so the pick is retried until the select shows the option.
   */
  async pick(scope: Locator, label: string, option: string) {
    const box = scope.getByRole('combobox', { name: label, exact: true });
    const item = this.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
    // The select's root (the combobox is the root itself or an input inside it).
    const field = box.locator(
      'xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " ant-select ")][1]',
    );
    await expect(async () => {
      if ((await field.textContent())?.includes(option)) return;
      await box.click();
      await item.click({ timeout: 5_000 });
      await expect(field).toContainText(option, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  /** Ticks the row checkbox named `name` (a passenger `SURNAME/GIVEN` or a flight `CA1234`). */
  async tick(scope: Locator, name: string) {
    const box = scope.getByRole('checkbox', { name, exact: true });
    await box.check();
    await expect(box).toBeChecked();
  }

  /** Uploads one file to the dialog's supporting documents and waits until it is stored. */
  async upload(scope: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    const documents = scope.getByTestId('after-sales-documents');
    await documents.locator('input[type=file]').setInputFiles(file);
    await expect(documents.locator('.ant-upload-list-item-done')).toHaveCount(1);
  }
}
