import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * An 18-digit resident ID card number (GB 11643) with its ISO 7064 MOD 11-2 check character:
 * `region` (6 digits), `birthday` (`YYYYMMDD`) and `sequence` (3 digits).
 */
export function residentIdNumber(region: string, birthday: string, sequence: string): string {
  const first17 = `${region}${birthday}${sequence}`;
  if (!/^\d{17}$/.test(first17)) throw new Error(`not 17 digits: ${first17}`);
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return `${first17}${ID_CHECK[sum % 11] ?? ''}`;
}

/** The labels of the train screens in one language (apps/web/src/locales, `trainBooking`, `trainOrders`). */
export interface TrainLabels {
  from: string;
  to: string;
  searchTrains: string;
  secondClass: string;
  passengerName: string;
  documentNumber: string;
  addPassenger: RegExp;
  contactName: string;
  email: string;
  phone: string;
  toReview: string;
  book: string;
  payWithBalance: string;
  refund: string;
  status: Record<'ticketed' | 'refunding' | 'refunded', string>;
  coach: string;
  seat: string;
  refundFee: string;
}

export const TRAIN_LABELS = {
  'zh-tw': {
    from: '出發站',
    to: '到達站',
    searchTrains: '查詢車次',
    secondClass: '二等座',
    passengerName: '姓名',
    documentNumber: '證件號碼',
    addPassenger: /^新增乘客/,
    contactName: '聯絡人姓名',
    email: '電子郵件',
    phone: '手機號碼',
    toReview: '核對訂單',
    book: '提交訂單',
    payWithBalance: '餘額支付',
    refund: '退票',
    status: { ticketed: '已出票', refunding: '退票中', refunded: '已退票' },
    coach: '車廂',
    seat: '座位號',
    refundFee: '退票手續費',
  },
} satisfies Record<string, TrainLabels>;

/** Page object for /train/booking (search, list, booking drawer) and /train/orders (the order drawer). */
export class TrainPage {
  constructor(
    readonly page: Page,
    readonly labels: TrainLabels = TRAIN_LABELS['zh-tw'],
  ) {}

  get form(): Locator {
    return this.page.getByTestId('train-search-form');
  }

  get drawer(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Types `query` into the station picker named `label` and picks the line ending in `(CODE)`. */
  async pickStation(label: string, query: string, code: string) {
    const box = this.form.getByRole('combobox', { name: label, exact: true });
    const shown = this.form.getByTestId((await box.getAttribute('id')) ?? '');
    const option = this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `(${code})` })
      .first();
    // The dropdown animates: the pick is retried until the picker shows the code.
    await expect(async () => {
      if ((await shown.textContent())?.includes(`(${code})`)) return;
      await box.click();
      await box.fill(query);
      await option.click({ timeout: 5_000 });
      await expect(shown).toContainText(`(${code})`, { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
  }

  async search() {
    await this.form.getByRole('button', { name: this.labels.searchTrains }).click();
    await expect(this.page.getByTestId('train-card').first()).toBeVisible({ timeout: 30_000 });
  }

  /** Fills passenger `index` of the booking drawer (an adult with a resident ID card). */
  async fillPassenger(index: number, name: string, idNumber: string) {
    const card = this.page.getByTestId(`train-passenger-${index}`);
    await card.getByLabel(this.labels.passengerName, { exact: true }).fill(name);
    await card.getByLabel(this.labels.documentNumber, { exact: true }).fill(idNumber);
  }

  async fillContact(name: string, email: string, phone: string) {
    const form = this.page.getByTestId('train-booking-form');
    await form.getByLabel(this.labels.contactName, { exact: true }).fill(name);
    await form.getByLabel(this.labels.email, { exact: true }).fill(email);
    await form.getByLabel(this.labels.phone, { exact: true }).fill(phone);
  }
}

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** The fields of a train order the browser test reads (the domain's `TrainOrder`). */
export interface TrainOrderView {
  id: string;
  bookingNumber: string;
  status: string;
  price: { orderTotal: { amount: string; currency: string }; refundFee: { amount: string } | null };
  refundQuote: { refundable: boolean; fee?: { amount: string } } | null;
  passengers: {
    name: string;
    seat: { coach: string; seatNumber: string } | null;
    ticketNumber: string | null;
  }[];
}

/** The train order API as the logged-in user reads it (statuses the page does not poll). */
export class TrainApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string): Promise<TrainApi> {
    const response = await request.post('/base/v2/login', {
      data: { username, password: DEMO_PASSWORD },
      headers: await xsrfHeaders(request),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.message).toBe(0);
    return new TrainApi(request, body.data.token);
  }

  private async get<T>(url: string): Promise<T> {
    const response = await this.request.get(url, {
      headers: { Authorization: `Bearer ${this.token}`, ...(await xsrfHeaders(this.request)) },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `GET ${url}: ${body.message}`).toBe(0);
    return body.data;
  }

  order(id: string): Promise<TrainOrderView> {
    return this.get(`/order/v2/train/orders/${encodeURIComponent(id)}`);
  }

  async balance(currency = 'CNY'): Promise<string> {
    const wallets =
      await this.get<{ currency: string; balance: { amount: string } }[]>('/base/v2/wallet/balances');
    const wallet = wallets.find((w) => w.currency === currency);
    if (!wallet) throw new Error(`no ${currency} wallet`);
    return wallet.balance.amount;
  }
}
