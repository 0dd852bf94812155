import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlatformPermission } from '@portal/domain/platform';
import type { TopAgency } from '@portal/domain/platform-agencies';
import { preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PlatformAgenciesPage } from './platform-agencies-page';

const WAIT = { timeout: 30000 };
const SLOW = 60000;

const money = (amount: string) => ({ amount, currency: 'CNY' as const });

function agency(id: number, name: string, extra: Partial<TopAgency> = {}): TopAgency {
  return {
    id,
    name,
    partnerCode: 'K7M3QX9B',
    status: 'active',
    suspendedAt: null,
    suspensionReason: null,
    wallet: {
      currency: 'CNY',
      balance: money('1200.50'),
      creditLimit: money('5000.00'),
      available: money('6200.50'),
    },
    lookToBook: { searches: 240, bookings: 12, ratio: 20 },
    subAgencies: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const LIST = [
  agency(1, 'TripBridge'),
  agency(3, 'Rail Desk', {
    status: 'suspended',
    suspendedAt: '2026-11-20T00:00:00.000Z',
    suspensionReason: 'Unpaid',
  }),
];

function signIn(permissions: PlatformPermission[]) {
  preparePlatform({
    token: 'plt.test',
    admin: { id: 4, username: 'sue.support', permissions },
    expiresAt: '2030-01-01T00:00:00.000Z',
  });
}

function serve() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('/platform/v2/agencies', () =>
      HttpResponse.json(envelope({ list: LIST, total: 2, page: 1, pageSize: 20 })),
    ),
    http.post('/platform/v2/agencies/:id/suspension', async ({ request }) => {
      calls.push({ method: 'POST', url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(
        envelope(agency(1, 'TripBridge', { status: 'suspended', suspensionReason: 'Fraud check' })),
      );
    }),
    http.delete('/platform/v2/agencies/:id/suspension', ({ request }) => {
      calls.push({ method: 'DELETE', url: new URL(request.url).pathname, body: null });
      return HttpResponse.json(envelope(agency(3, 'Rail Desk')));
    }),
  );
  return calls;
}

beforeEach(async () => {
  await prepare();
});

describe('the platform agencies page', () => {
  it(
    'lists balance, credit, look-to-book and status, suspends with a reason and resumes after a confirmation',
    async () => {
      signIn(['platform:support']);
      const calls = serve();
      const user = userEvent.setup();
      renderElement(<PlatformAgenciesPage />);
      const table = await screen.findByTestId('platform-agencies-table', {}, WAIT);
      const first = (await within(table).findByText('TripBridge', {}, WAIT)).closest('tr');
      if (!first) throw new Error('no row');
      expect(first).toHaveTextContent('CNY 1,200.50');
      expect(first).toHaveTextContent('CNY 5,000.00');
      expect(first).toHaveTextContent('20 (240 / 12)');
      expect(within(first).getByRole('link', { name: 'Suppliers' })).toHaveAttribute(
        'href',
        '/platform/agencies/1/suppliers',
      );

      await user.click(within(first).getByRole('button', { name: 'Suspend' }));
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
      expect(await within(dialog).findByText('Please give the reason', {}, WAIT)).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Reason'), 'Fraud check');
      await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

      const second = within(table).getByText('Rail Desk').closest('tr');
      if (!second) throw new Error('no row');
      expect(second).toHaveTextContent('Suspended');
      await user.click(within(second).getByRole('button', { name: 'Resume' }));
      // The confirmation's own button: the second one named Resume.
      await expect.poll(() => screen.getAllByRole('button', { name: 'Resume' }).length, WAIT).toBe(2);
      const confirm = screen.getAllByRole('button', { name: 'Resume' }).at(-1);
      if (!confirm) throw new Error('no confirmation');
      await user.click(confirm);
      await expect
        .poll(() => calls.map((c) => [c.method, c.url, c.body]))
        .toEqual([
          ['POST', '/platform/v2/agencies/1/suspension', { reason: 'Fraud check' }],
          ['DELETE', '/platform/v2/agencies/3/suspension', null],
        ]);
    },
    SLOW,
  );

  it(
    'offers no suspend or resume to a platform admin without platform:support',
    async () => {
      signIn([]);
      serve();
      renderElement(<PlatformAgenciesPage />);
      const table = await screen.findByTestId('platform-agencies-table', {}, WAIT);
      await within(table).findByText('TripBridge', {}, WAIT);
      expect(within(table).queryByRole('button', { name: 'Suspend' })).toBeNull();
      expect(within(table).queryByRole('button', { name: 'Resume' })).toBeNull();
      expect(within(table).getAllByRole('link', { name: 'Suppliers' })).toHaveLength(2);
    },
    SLOW,
  );
});
