import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@portal/domain/auth';
import type { WalletEntry } from '@portal/domain/wallet';
import { i18n } from '../i18n/i18n';
import { usePreferencesStore } from '../stores/preferences-store';
import { SESSIONS } from '../../test/fixtures';
import { prepare, renderElement } from '../../test/render-app';
import { EntriesTable } from './entries-table';

const FLIGHT = 'F20261124642344';
const GROUP = 'G20261124000001';
const TRAIN = 'T20261124000002';

function entry(id: number, over: Partial<WalletEntry>): WalletEntry {
  return {
    id: String(id),
    paymentType: 'origin-flight',
    paymentTime: '2026-11-20T08:30:00.000Z',
    orderId: null,
    paymentReference: `R${id}`,
    amountPaid: { amount: '-1280.00', currency: 'CNY' },
    description: '',
    kind: 'origin-flight',
    openingBalance: false,
    counterparty: null,
    bookingNumber: null,
    order: null,
    ...over,
  };
}

const flightOrder = { kind: 'flight', id: 'f-1', flightType: 'origin', instalment: null } as const;
const trainOrder = { kind: 'train', id: 't-1', flightType: null, instalment: null } as const;

const ENTRIES: WalletEntry[] = [
  entry(1, {
    orderId: 'f-1',
    description: `Flight order ${FLIGHT}`,
    bookingNumber: FLIGHT,
    order: flightOrder,
  }),
  entry(2, {
    orderId: 'g-1/instalment-2',
    description: `Group order ${GROUP}: second deposit`,
    bookingNumber: GROUP,
    order: { kind: 'group', id: 'g-1', flightType: null, instalment: 2 },
  }),
  entry(3, {
    paymentType: 'refund-flight',
    kind: 'reimbursement',
    orderId: 't-1',
    description: `Train order refund ${TRAIN}`,
    bookingNumber: TRAIN,
    order: trainOrder,
  }),
  entry(4, {
    paymentType: 'refund-flight',
    kind: 'reimbursement',
    orderId: 'f-1',
    description: `Ticketing failed: flight order ${FLIGHT}`,
    bookingNumber: FLIGHT,
    order: flightOrder,
  }),
  entry(5, { paymentType: 'top-up', kind: 'top-up', description: 'Opening balance', openingBalance: true }),
  entry(6, { paymentType: 'top-up', kind: 'top-up', description: 'Bank transfer, March' }),
];

async function renderTable(
  session: LoginResult,
  locale: 'en' | 'zh-cn' = 'en',
  rows = ENTRIES,
  linkOrders = true,
  counted: { total: number; totalCapped?: boolean } = { total: rows.length },
  page = 1,
) {
  await prepare(session);
  if (locale !== 'en') {
    usePreferencesStore.setState({ locale });
    await i18n.changeLanguage(locale);
  }
  const element: ReactNode = (
    <EntriesTable
      data={{ list: rows, ...counted, page, pageSize: 20 }}
      page={page}
      pageSize={20}
      loading={false}
      onPage={() => undefined}
      linkOrders={linkOrders}
    />
  );
  renderElement(element);
  return screen.findByTestId('entries-table');
}

const rowOf = (table: HTMLElement, reference: string) => {
  const row = within(table).getByText(reference).closest('tr');
  if (!row) throw new Error(`no row ${reference}`);
  return row;
};

describe('wallet entries table', () => {
  it('shows booking numbers, linked to the flight or group order page for a user who may open it', async () => {
    const table = await renderTable(SESSIONS.admin);
    const flightLinks = within(table).getAllByRole('link', { name: FLIGHT });
    expect(flightLinks[0]).toHaveAttribute('href', '/flight/orders/f-1');
    expect(within(table).getByRole('link', { name: GROUP })).toHaveAttribute(
      'href',
      '/flight/group/order/g-1',
    );
    // Train orders have no page of their own: the number alone.
    expect(within(rowOf(table, 'R3')).getByText(TRAIN)).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: TRAIN })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('f-1');
    expect(table).not.toHaveTextContent('g-1/instalment-2');
  });

  it('shows the booking number without a link to a user who may not open order pages', async () => {
    const table = await renderTable(SESSIONS.finance);
    expect(within(rowOf(table, 'R1')).getByText(FLIGHT)).toBeInTheDocument();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it("never links a sub-agency's entries: their orders are not the user's", async () => {
    const table = await renderTable(SESSIONS.admin, 'en', ENTRIES, false);
    expect(within(rowOf(table, 'R2')).getByText(GROUP)).toBeInTheDocument();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('describes entries in the user language from kind and booking number, else shows the stored text', async () => {
    const table = await renderTable(SESSIONS.finance, 'zh-cn');
    const description = (reference: string) => rowOf(table, reference).lastElementChild?.textContent;
    expect(description('R1')).toBe(`机票订单 ${FLIGHT}`);
    expect(description('R2')).toBe(`团队订单 ${GROUP}：第二期订金`);
    expect(description('R3')).toBe(`火车票订单退款 ${TRAIN}`);
    expect(description('R4')).toBe(`出票失败：机票订单 ${FLIGHT}`);
    expect(description('R5')).toBe('期初余额');
    expect(description('R6')).toBe('Bank transfer, March');
  });

  it('falls back to the stored description and order id for an entry whose order is not found', async () => {
    const old = entry(7, { orderId: 'B-7', description: 'Flight order B-7' });
    const table = await renderTable(SESSIONS.finance, 'en', [old]);
    const row = rowOf(table, 'R7');
    expect(row).toHaveTextContent('B-7');
    expect(row.lastElementChild).toHaveTextContent('Flight order B-7');
  });

  it('says a count past the server cap is a lower bound, "10,000+"', async () => {
    await renderTable(SESSIONS.finance, 'en', ENTRIES, true, { total: 10_000, totalCapped: true });
    expect(await screen.findByText('10,000+ in total')).toBeInTheDocument();
  });

  it('says on the last page of a capped count that the pages end there and dates reach the rest', async () => {
    const capped = { total: 1_000, totalCapped: true };
    await renderTable(SESSIONS.finance, 'en', ENTRIES, true, capped, 50);
    expect(await screen.findByTestId('paged-to-cap')).toHaveTextContent(
      'The list pages through its first 1,000 lines only: narrow the dates to see the ones after them.',
    );
  });

  it('says nothing of the cap before the last page, or when every line is counted', async () => {
    await renderTable(SESSIONS.finance, 'en', ENTRIES, true, { total: 1_000, totalCapped: true }, 49);
    expect(await screen.findByText('1,000+ in total')).toBeInTheDocument();
    expect(screen.queryByTestId('paged-to-cap')).not.toBeInTheDocument();
  });

  it('says where the pages end in the reader language', async () => {
    await renderTable(SESSIONS.finance, 'zh-cn', ENTRIES, true, { total: 1_000, totalCapped: true }, 50);
    expect(await screen.findByTestId('paged-to-cap')).toHaveTextContent('列表只翻到前 1,000 条');
  });

  it('says an exact count as it is', async () => {
    await renderTable(SESSIONS.finance, 'en', ENTRIES, true, { total: 6 });
    expect(await screen.findByText('6 in total')).toBeInTheDocument();
  });
});
