import { expect, type Locator, type Page } from '@playwright/test';

/** The labels of the search form in one language. */
export interface ShoppingLabels {
  from: string;
  to: string;
  search: string;
  book: string;
  multiCity: string;
  addLeg: RegExp;
}

export const SHOPPING_LABELS = {
  en: {
    from: 'From',
    to: 'To',
    search: 'Search',
    book: 'Book',
    multiCity: 'Multi-city',
    addLeg: /^Add a flight/,
  },
  'zh-cn': {
    from: '出发地',
    to: '目的地',
    search: '搜索',
    book: '预订',
    multiCity: '多程',
    addLeg: /^添加航程/,
  },
} satisfies Record<string, ShoppingLabels>;

/** Page object for /flight/booking: the search form, the result list and the price check. */
export class ShoppingPage {
  constructor(
    readonly page: Page,
    readonly labels: ShoppingLabels = SHOPPING_LABELS.en,
  ) {}

  get form(): Locator {
    return this.page.getByTestId('flight-search-form');
  }

  get cards(): Locator {
    return this.page.getByTestId('solution-card');
  }

  /**
   * Types into the airport picker named `label` and picks the line ending in `(CODE)`.
   * The dropdown animates open and closed, so the whole pick is retried until the picker shows the
   * code (a click that landed while the list was closing leaves the value picked, which is success).
   */
  async pickAirport(label: string, query: string, code: string) {
    const box = this.form.getByRole('combobox', { name: label, exact: true });
    const shown = this.form.getByTestId((await box.getAttribute('id')) ?? '');
    const option = this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
      .filter({ hasText: `(${code})` })
      .first();
    await expect(async () => {
      if ((await shown.textContent())?.includes(`(${code})`)) return;
      await box.click();
      await box.fill(query);
      await option.click({ timeout: 5_000 });
      await expect(shown).toContainText(`(${code})`, { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
  }

  /** Fills one leg (`index` 0-based; multi-city labels carry the leg number). */
  async fillLeg(index: number, origin: string, destination: string, multiCity = false) {
    const n = multiCity ? ` ${index + 1}` : '';
    await this.pickAirport(`${this.labels.from}${n}`, origin, origin);
    await this.pickAirport(`${this.labels.to}${n}`, destination, destination);
  }

  async search() {
    await this.form.getByRole('button', { name: this.labels.search, exact: true }).click();
  }

  /** Waits until every supplier has answered. */
  async waitForFinished() {
    await expect(
      this.page.getByTestId('search-progress').locator('.ant-progress-status-success'),
    ).toBeVisible({
      timeout: 30_000,
    });
  }

  async cardIds(): Promise<string[]> {
    return this.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-solution-id') ?? ''));
  }

  /** First departure time (HH:mm) of each row, in list order. */
  async departureTimes(): Promise<string[]> {
    return this.cards.evaluateAll((cards) =>
      cards.map((c) => c.querySelector('.flight-time')?.textContent?.slice(0, 5) ?? ''),
    );
  }

  /** Total price of each row as a number, in list order. */
  async totals(): Promise<number[]> {
    const texts = await this.page.getByTestId('solution-total').allTextContents();
    return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
  }
}
