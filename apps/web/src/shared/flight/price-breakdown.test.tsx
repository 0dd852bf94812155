import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceDetail } from '@portal/domain/shopping';
import { usePreferencesStore } from '../stores/preferences-store';
import { prepare, renderElement } from '../../test/render-app';
import { PriceBreakdown } from './price-breakdown';

/** One adult: fare 560, tax 50 and an agency adjustment of 12.34 on the fare; two children. */
const DETAIL: PriceDetail = {
  productType: 'normal',
  priceList: [
    {
      passengerType: 'adult',
      count: 1,
      price: '560.00',
      tax: '50.00',
      fuelSurcharge: '0.00',
      airportTax: '0.00',
      salePrice: '610.00',
      currency: 'CNY',
    },
    {
      passengerType: 'child',
      count: 2,
      price: '420.00',
      tax: '25.00',
      fuelSurcharge: '0.00',
      airportTax: '0.00',
      salePrice: '457.34',
      currency: 'CNY',
    },
  ],
  total: { amount: '1524.68', currency: 'CNY' },
};

/** The shown amounts of each row (without the passenger cell) and the total. */
function shownAmounts() {
  const table = screen.getByTestId('price-breakdown');
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent ?? ''),
    );
  return rows;
}

const euros = (text: string) => Number(text.replace(/^EUR /, '').replace(/,/g, ''));

describe('PriceBreakdown in a display currency', () => {
  it('shows EUR parts that add up to the shown EUR total (CNY 560 + 50 at 0.1282)', async () => {
    await prepare();
    usePreferencesStore.setState({ currency: 'EUR', rate: '0.1282' });
    renderElement(<PriceBreakdown priceDetail={DETAIL} currency="CNY" />);
    await screen.findByTestId('price-breakdown');
    const [adult = [], child = [], total = []] = shownAmounts();
    // 560 x 0.1282 = 71.792 and 50 x 0.1282 = 6.41: shown 71.80 + 6.41 = 78.21, not "72" and a
    // total rounded on its own.
    expect(adult).toEqual(['EUR 71.80', 'EUR 6.41', 'EUR 0.00', 'EUR 0.00', 'EUR 78.21']);
    const sum = (row: string[]) => row.slice(0, 4).reduce((a, cell) => a + Math.round(euros(cell) * 100), 0);
    expect(sum(adult)).toBe(Math.round(euros(adult[4] ?? '') * 100));
    // The child's sale price includes the agency's adjustment, not a column of its own.
    expect(child[4]).toBe('EUR 58.64');
    const shownTotal = Math.round(euros(adult[4] ?? '') * 100) + 2 * Math.round(euros(child[4] ?? '') * 100);
    expect(total.at(-1)).toBe(`EUR ${(shownTotal / 100).toFixed(2)}`);
    expect(total.at(-1)).toBe('EUR 195.49');
  });

  it('shows the exact settlement amounts when the display currency is the settlement currency', async () => {
    await prepare();
    renderElement(<PriceBreakdown priceDetail={DETAIL} currency="CNY" />);
    await screen.findByTestId('price-breakdown');
    const [adult = [], , total = []] = shownAmounts();
    expect(adult).toEqual(['CNY 560.00', 'CNY 50.00', 'CNY 0.00', 'CNY 0.00', 'CNY 610.00']);
    expect(total.at(-1)).toBe('CNY 1,524.68');
  });
});
