import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';

/** The labels of the group screens in one language (apps/web/src/locales, `groupOrders`, `groupPassengers`). */
export interface GroupLabels {
  origin: string;
  destination: string;
  date: string;
  adults: string;
  children: string;
  pick: string;
  pay: (kind: string) => string;
  confirmPay: string;
  kinds: [string, string, string, string];
  status: Record<
    'to_be_quote' | 'to_be_confirm' | 'to_be_pay_first' | 'to_be_pay_second' | 'issued' | 'failed',
    string
  >;
  instalmentPaid: string;
  downloadTemplate: string;
}

export const GROUP_LABELS = {
  en: {
    origin: 'Origin',
    destination: 'Destination',
    date: 'Date',
    adults: 'Adults',
    children: 'Children',
    pick: 'Choose this quote',
    pay: (kind: string) => `Pay: ${kind}`,
    confirmPay: 'Pay',
    kinds: ['First deposit', 'Second deposit', 'Third deposit', 'Final payment'],
    status: {
      to_be_quote: 'To be quoted',
      to_be_confirm: 'To be confirmed',
      to_be_pay_first: 'First deposit due',
      to_be_pay_second: 'Second deposit due',
      issued: 'Issued',
      failed: 'Failed',
    },
    instalmentPaid: 'Instalment paid',
    downloadTemplate: 'Download template',
  },
  'zh-cn': {
    origin: '出发地',
    destination: '目的地',
    date: '出发日期',
    adults: '成人',
    children: '儿童',
    pick: '选择此报价',
    pay: (kind: string) => `支付${kind}`,
    confirmPay: '支付',
    kinds: ['第一期订金', '第二期订金', '第三期订金', '尾款'],
    status: {
      to_be_quote: '待报价',
      to_be_confirm: '待确认',
      to_be_pay_first: '待付第一期订金',
      to_be_pay_second: '待付第二期订金',
      issued: '已出票',
      failed: '失败',
    },
    instalmentPaid: '款项已支付',
    downloadTemplate: '下载模板',
  },
} satisfies Record<string, GroupLabels>;

/** A date `days` from today, `YYYY-MM-DD` (the portal's default date format). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Page object for the group request form, the group order page and its passenger list panel. */
export class GroupPage {
  constructor(
    readonly page: Page,
    readonly labels: GroupLabels = GROUP_LABELS.en,
  ) {}

  get status(): Locator {
    return this.page.getByTestId('group-order-status');
  }

  get panel(): Locator {
    return this.page.getByTestId('group-passenger-list-panel');
  }

  /** Picks the line ending in `(CODE)` of the airport picker named `label` in journey `index`. */
  async pickAirport(index: number, label: string, code: string) {
    const journey = this.page.getByTestId(`group-journey-${index}`);
    const box = journey.getByRole('combobox', { name: label, exact: true });
    const shown = journey.getByTestId((await box.getAttribute('id')) ?? '');
    const option = this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
      .filter({ hasText: `(${code})` })
      .first();
    // The dropdown animates: the pick is retried until the picker shows the code.
    await expect(async () => {
      if ((await shown.textContent())?.includes(`(${code})`)) return;
      await box.click();
      await box.fill(code);
      await option.click({ timeout: 5_000 });
      await expect(shown).toContainText(`(${code})`, { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
  }

  async fillDate(index: number, date: string) {
    const input = this.page.getByTestId(`group-journey-${index}`).getByRole('textbox', {
      name: this.labels.date,
      exact: true,
    });
    await input.click();
    await input.fill(date);
    await input.press('Enter');
    await expect(input).toHaveValue(date);
  }

  async fillCount(label: string, count: number) {
    const input = this.page.getByRole('spinbutton', { name: label, exact: true });
    await input.fill(String(count));
    await input.blur();
    await expect(input).toHaveValue(String(count));
  }

  /**
   * Fills a one-way request for `adults` adults on the open form, sends it through the confirm
   * page, and answers the new order's id (the confirm page opens it).
   */
  async sendRequest(origin: string, destination: string, date: string, adults: number): Promise<void> {
    await expect(this.page.getByTestId('group-booking-page')).toBeVisible();
    await this.pickAirport(0, this.labels.origin, origin);
    await this.pickAirport(0, this.labels.destination, destination);
    await this.fillDate(0, date);
    await this.fillCount(this.labels.adults, adults);
    await this.fillCount(this.labels.children, 0);
    await this.page.getByTestId('group-booking-next').click();
    const confirm = this.page.getByTestId('group-booking-confirm-page');
    await expect(confirm.getByTestId('group-request-summary')).toContainText(`(${origin})`);
    await this.page.getByTestId('group-send').click();
    await expect(this.page).toHaveURL(/\/flight\/group\/order\/[^/]+$/);
    await expect(this.page.getByTestId('group-booking-number')).toBeVisible();
  }

  /** Picks the first open quote after its confirmation. */
  async pickFirstQuote() {
    const button = this.page.getByRole('button', { name: this.labels.pick, exact: true }).first();
    await button.click();
    await this.page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: this.labels.pick, exact: true })
      .click();
  }

  /**
   * Pays instalment `n` (1 to 4) from the wallet: the payment dialog, then the balance payment's
   * own confirmation (balance before and after), and waits for its Paid tag.
   */
  async payInstalment(n: 1 | 2 | 3 | 4) {
    const dialog = await this.openPayment(n);
    await dialog.getByRole('button', { name: this.labels.confirmPay, exact: true }).click();
    await this.page.getByTestId('balance-pay-confirm').click();
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
    await expect(this.page.getByTestId(`group-instalment-state-${n}`)).toHaveClass(/ant-tag-success/);
  }

  /**
   * Pays instalment `n` by card (the simulated Stripe checkout): the dialog's channel, the
   * checkout's Pay button, and back on the order once the provider's notification landed.
   */
  async payInstalmentByCard(n: 1 | 2 | 3 | 4, channelLabel: string) {
    const dialog = await this.openPayment(n);
    await dialog.getByLabel(channelLabel, { exact: true }).check();
    await dialog.getByRole('button', { name: this.labels.confirmPay, exact: true }).click();
    await expect(this.page).toHaveURL(/\/order\/v2\/payments\/sim\/stripe\//, { timeout: 15_000 });
    await this.page.locator('form[method="post"] #pay').click();
    await expect(this.page).toHaveURL(/\/flight\/group\/order\/[^/]+$/, { timeout: 15_000 });
    await expect(this.page.getByTestId(`group-instalment-state-${n}`)).toHaveClass(/ant-tag-success/, {
      timeout: 15_000,
    });
  }

  private async openPayment(n: 1 | 2 | 3 | 4) {
    const kind = this.labels.kinds[n - 1] ?? '';
    await this.page.getByRole('button', { name: this.labels.pay(kind), exact: true }).click();
    return this.page.getByRole('dialog').filter({ hasText: kind });
  }

  /** Downloads the passenger list template from the panel and answers its bytes. */
  async downloadTemplate(): Promise<Buffer> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.panel.getByRole('button', { name: this.labels.downloadTemplate }).click(),
    ]);
    const path = await download.path();
    return readFileSync(path);
  }

  /** Uploads an .xlsx through the panel's upload button. */
  async uploadList(name: string, buffer: Buffer) {
    await expect(this.panel.getByTestId('group-passenger-upload')).toBeEnabled();
    await this.panel.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
  }
}

/** One passenger row of the sheet, in the template's column order. */
export interface GroupSheetPassenger {
  surname: string;
  givenNames: string;
  gender: string;
  birthday: string;
  documentNumber: string;
}

/** `count` adults with Chinese passports, distinct names and document numbers. */
export function groupAdults(count: number, prefix: string): GroupSheetPassenger[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: count }, (_, i) => ({
    surname: prefix,
    givenNames: `PAX${letters[i % 26] ?? 'A'}`,
    gender: i % 2 ? 'female' : 'male',
    birthday: `198${i % 10}-0${1 + (i % 9)}-15`,
    documentNumber: `E${String(71_000_000 + i * 137).padStart(8, '0')}`,
  }));
}

/**
 * Fills the downloaded template's first sheet as an agent would in Excel: the passenger type is
 * already there (one row per expected passenger), the other columns are typed in as text.
 */
export async function fillTemplate(
  template: Buffer,
  passengers: readonly GroupSheetPassenger[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  passengers.forEach((p, i) => {
    const row = sheet.getRow(i + 2);
    if (!row.getCell(1).value) row.getCell(1).value = 'adult';
    const values = [
      p.surname,
      p.givenNames,
      p.gender,
      p.birthday,
      'CN',
      'chinese-passport',
      p.documentNumber,
    ];
    values.forEach((value, c) => (row.getCell(c + 2).value = value));
    row.getCell(9).value = '2034-06-30';
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
