import { StyleProvider } from '@ant-design/cssinjs';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { lookToBookRatio, type LookToBook } from '@portal/domain/sub-agencies';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SESSIONS } from '../../../test/fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { LookToBookDrawer } from './look-to-book-drawer';

/** The first opening loads the panel's code: slow on a busy machine. */
const WAIT = { timeout: 30000 };
const cny = (amount: string) => ({ amount, currency: 'CNY' as const });

function day(date: string, searches: number, bookings: number) {
  return { day: date, searches, bookings, ratio: lookToBookRatio(searches, bookings) };
}

const DATA: LookToBook = {
  agencyId: 12,
  agencyName: 'Blue Sky Travel',
  from: '2026-11-01',
  to: '2026-11-03',
  days: [day('2026-11-01', 120, 3), day('2026-11-02', 45, 0), day('2026-11-03', 10, 4)],
  totals: { searches: 175, bookings: 7, ratio: 25 },
  settings: {
    searchMode: 'popular',
    maxResponseTimeMs: 8000,
    onlyFreeBaggage: true,
    onlyWithFareBasis: false,
    showSuppliers: false,
    filter: { mode: 'blacklist', airlines: ['3U'], suppliers: [] },
    serviceFees: { change: cny('50.00'), refund: cny('80.00'), void: cny('0.00') },
    disablePayment: false,
  },
};

function renderDrawer() {
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <LookToBookDrawer agencyId={12} agencyName="Blue Sky Travel" open onClose={() => undefined} />
      </AppProviders>
    </StyleProvider>,
  );
}

describe('look-to-book drawer', () => {
  it('charts each day and gives its searches, bookings and ratio as a table, with the settings beside', async () => {
    const urls: URL[] = [];
    server.use(
      http.get('/base/v2/sub/look-to-book', ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json(envelope(DATA));
      }),
    );
    await prepare(SESSIONS.admin);
    renderDrawer();
    const chart = await screen.findByTestId('look-to-book-chart', {}, WAIT);
    expect(chart).toHaveAccessibleName(
      'From 2026-11-01 to 2026-11-03: 175 searches, 7 bookings, 25.00 searches per booking',
    );
    expect(chart.querySelectorAll('[data-day]')).toHaveLength(3);
    expect(urls[0]?.searchParams.get('agencyId')).toBe('12');

    // The table behind the chart is there for screen readers.
    const table = screen.getByTestId('look-to-book-table');
    const ratioOf = (date: string) =>
      within(table).getByText(date).closest('tr')?.lastElementChild?.textContent;
    expect(ratioOf('2026-11-01')).toBe('40.00');
    expect(ratioOf('2026-11-02')).toBe('–');
    expect(ratioOf('2026-11-03')).toBe('2.50');

    const settings = screen.getByTestId('ticketing-settings');
    expect(settings).toHaveTextContent('Popular routes');
    expect(settings).toHaveTextContent('All except: 3U');
    expect(settings).toHaveTextContent('CNY 80.00');

    fireEvent.click(screen.getByText('Table'));
    expect(await screen.findByTestId('look-to-book-table')).toBeVisible();
    expect(screen.queryByTestId('look-to-book-chart')).toBeNull();
  });
});
