import { expect, type Locator, type Page } from '@playwright/test';
import type { PortalPage } from './portal-page';
import type { ShoppingPage } from './shopping-page';

/** One passenger as the booking form takes it . */
export interface PassengerInput {
  surname: string;
  given: string;
  gender: 'Male' | 'Female';
  birthday: string;
  number: string;
  expiry: string;
}

/** `yyyy-mm-dd` of today minus `years`. */
export function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/**
 * A passport number no other booking of the run has: the same name and document on an overlapping
 * flight is a possible duplicate booking, which the form asks to confirm with a reason.
 */
export function freshDocumentNumber(): string {
  return `E${String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
    .padStart(10, '0')
    .slice(-8)}`;
}

export const ADULT: PassengerInput = {
  surname: 'ZHANG',
  given: 'WEI',
  gender: 'Male',
  birthday: '1985-03-04',
  /** A fresh number each time it is read (`freshDocumentNumber`), also through `...ADULT`. */
  get number() {
    return freshDocumentNumber();
  },
  expiry: '2036-01-01',
};

/** The labels of the booking form in one language. */
export const BOOKING_LABELS = {
  en: {
    surname: 'Surname',
    given: 'Given names',
    gender: { Male: 'Male', Female: 'Female' },
    birthday: 'Birthday',
    nationality: 'Nationality',
    country: ['China', 'China (CN)'],
    number: 'Document number',
    expiry: 'Expiry date',
    contactName: 'Contact name',
    email: 'Email',
    phone: 'Phone',
  },
  'zh-cn': {
    surname: '姓（拼音）',
    given: '名（拼音）',
    gender: { Male: '男', Female: '女' },
    birthday: '出生日期',
    nationality: '国籍',
    country: ['中国', '中国 (CN)'],
    number: '证件号码',
    expiry: '证件有效期',
    contactName: '联系人姓名',
    email: '邮箱',
    phone: '手机号码',
  },
} as const;
export type BookingLabels = (typeof BOOKING_LABELS)[keyof typeof BOOKING_LABELS];

/** Page object for /flight/booking/confirm: passengers, contact, then the payment panel. */
export class BookingPage {
  constructor(
    readonly portal: PortalPage,
    readonly shop: ShoppingPage,
    readonly labels: BookingLabels = BOOKING_LABELS.en,
  ) {}

  get page(): Page {
    return this.portal.page;
  }

  /**
   * Searches one way and books the cheapest fare without passenger restrictions (senior, student
   * and other special fares are tagged in the results and refuse ordinary passengers).
   */
  async searchAndChoose(
    origin: string,
    destination: string,
    counts: { adults?: number; children?: number } = {},
  ) {
    await expect(this.page).toHaveURL('/flight/booking');
    await this.portal.waitForPage();
    await this.shop.fillLeg(0, origin, destination);
    if (counts.adults) await this.shop.form.getByTestId('pax-adult').fill(String(counts.adults));
    if (counts.children) await this.shop.form.getByTestId('pax-child').fill(String(counts.children));
    await this.shop.search();
    await this.shop.waitForFinished();
    const open = this.shop.cards.filter({ hasNot: this.page.getByTestId('restricted-fare') }).first();
    await open.getByRole('button', { name: this.shop.labels.book }).click();
    await expect(this.page).toHaveURL('/flight/booking/confirm', { timeout: 30_000 });
    await expect(this.page.getByTestId('booking-form')).toBeVisible();
  }

  async fillPassenger(index: number, p: PassengerInput) {
    await this.fillPassengerFields(this.page.getByTestId(`passenger-card-${index}`), p);
  }

  /** Fills the passenger fields inside `card` (a booking card or the frequent passenger editor). */
  async fillPassengerFields(card: Locator, p: PassengerInput) {
    const l = this.labels;
    await card.getByLabel(l.surname).fill(p.surname);
    await card.getByLabel(l.given).fill(p.given);
    await card.getByLabel(l.gender[p.gender], { exact: true }).check();
    await card.getByLabel(l.birthday).fill(p.birthday);
    // The select's dropdown animates; retry the pick until the card shows the country.
    const nationality = card.getByLabel(l.nationality);
    const option = this.page.locator(
      `.ant-select-dropdown:visible .ant-select-item-option[title="${l.country[1]}"]`,
    );
    await expect(async () => {
      if ((await card.textContent())?.includes(l.country[1])) return;
      await nationality.click();
      await nationality.fill(l.country[0]);
      await option.click({ timeout: 5_000 });
      await expect(card).toContainText(l.country[1], { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await card.getByLabel(l.number).fill(p.number);
    await card.getByLabel(l.expiry).fill(p.expiry);
  }

  async fillContact() {
    const contact = this.page.getByTestId('contact-card');
    await contact.getByLabel(this.labels.contactName).fill('Zhang Wei');
    await contact.getByLabel(this.labels.email).fill('zhang.wei@example.com');
    await contact.getByLabel(this.labels.phone, { exact: true }).fill('13800138000');
  }

  /** Submits the form and returns the new order's booking number from the payment panel. */
  async submit(): Promise<string> {
    await this.page.getByTestId('submit-booking').click();
    const panel = this.page.getByTestId('payment-panel');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const bookingNumber = (await panel.getByTestId('booking-number').textContent()) ?? '';
    expect(bookingNumber).toMatch(/\S/);
    return bookingNumber;
  }

  /** Chooses a channel of the payment panel by its label and presses Pay (the balance asks to confirm). */
  /** Pays with `channel`; a balance payment is confirmed in its dialog unless `confirm` is false. */
  async pay(channel: string | RegExp, { confirm = true }: { confirm?: boolean } = {}) {
    const panel = this.page.getByTestId('payment-panel');
    const option = panel.getByLabel(channel);
    await option.check();
    // Read before paying: an outside channel leaves the page for its checkout.
    const fromBalance = (await option.getAttribute('value')) === 'balance';
    await panel.getByTestId('pay-button').click();
    if (confirm && fromBalance) {
      await this.page.getByTestId('balance-pay-confirm').click();
    }
  }
}
