import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserLogEntry, UserLogPage } from '@portal/domain/user-log';
import { SESSIONS } from '../../../test/fixtures';
import { makeUser } from '../../../test/user-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

// Generous: the first test of a worker loads the lazy page's modules within its wait.
const WAIT = { timeout: 30000 };
const SLOW = 40000;
const URL_PATH = '/base/v2/user-logs';

function entry(n: number, extra: Partial<UserLogEntry> = {}): UserLogEntry {
  return {
    id: String(n),
    createdAt: '2026-11-20T08:00:00.000Z',
    userId: 2,
    username: 'operator',
    action: 'login',
    method: null,
    route: null,
    target: null,
    event: null,
    targetRef: null,
    facts: null,
    outcome: 'ok',
    code: null,
    ip: '10.0.0.7',
    userAgent: 'Mozilla/5.0',
    ...extra,
  };
}

function page(list: UserLogEntry[], total = list.length, totalCapped = false): UserLogPage {
  return { list, total, totalCapped, page: 1, pageSize: 20 };
}

function serve(answer: UserLogPage | (() => Response)) {
  const urls: URL[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/base/v2/users', () =>
      HttpResponse.json(
        envelope({
          list: [makeUser(2, 'operator')],
          total: 1,
          page: 1,
          pageSize: 100,
          canManage: true,
        }),
      ),
    ),
    http.get(URL_PATH, ({ request }) => {
      urls.push(new URL(request.url));
      return typeof answer === 'function' ? answer() : HttpResponse.json(envelope(answer));
    }),
  );
  return urls;
}

async function open(path = '/user-log') {
  await prepare(SESSIONS.admin);
  return renderApp(path);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user log page', () => {
  it(
    'says a total counted to the server cap as a lower bound: "10,000+ entries"',
    async () => {
      serve(page([entry(1)], 10_000, true));
      await open();
      await screen.findByTestId('user-log-table', {}, WAIT);
      expect(await screen.findByText('10,000+ entries', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says what each row did in words, links the target and gives the reason of a refusal',
    async () => {
      serve(
        page([
          entry(3, {
            action: 'call',
            method: 'POST',
            route: '/order/v2/flight/orders/:id/payment',
            target: 'order-9',
            event: 'order.pay.balance',
            targetRef: { kind: 'flightOrder', id: 'order-9', label: 'F20261128557474' },
            facts: { amount: '930', currency: 'CNY' },
            outcome: 'refused',
            code: 600001,
          }),
          entry(2, {
            action: 'call',
            method: 'POST',
            route: '/order/v2/flight/orders/:id/payment',
            target: 'order-9',
            event: 'order.pay.balance',
            targetRef: { kind: 'flightOrder', id: 'order-9', label: 'F20261128557474' },
            facts: { amount: '930', currency: 'CNY' },
          }),
          entry(1, {
            action: 'login_failed',
            userId: null,
            username: 'nobody',
            outcome: 'refused',
            code: 201003,
          }),
        ]),
      );
      await open();
      const table = await screen.findByTestId('user-log-table', {}, WAIT);
      const rows = await within(table).findAllByTestId('user-log-sentence', {}, WAIT);
      expect(screen.getByTestId('page-title')).toHaveTextContent('User Log');
      expect(rows.map((row) => row.textContent)).toEqual([
        'Could not pay order F20261128557474 with the balance, CNY 930.00Insufficient account balance',
        'Paid order F20261128557474 with the balance, CNY 930.00',
        'Sign-in failedInvalid username or password',
      ]);
      const paid = rows[1];
      expect(paid && within(paid).getByRole('link', { name: 'F20261128557474' })).toHaveAttribute(
        'href',
        '/flight/orders/order-9',
      );
      const refused = rows[0];
      expect(refused && within(refused).getByTestId('user-log-reason')).toHaveTextContent(
        'Insufficient account balance',
      );
      // The route stays out of the row: it is in the details.
      expect(within(table).queryByText(/\/order\/v2\/flight/)).toBeNull();
      expect(within(table).getByText('nobody')).toBeInTheDocument();
      expect(screen.getByText('3 entries')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens the route and raw ids of a row in a details popover from the keyboard',
    async () => {
      serve(
        page([
          entry(1, {
            action: 'call',
            method: 'POST',
            route: '/base/v2/agencies/:id/balance',
            target: '1002',
            event: 'agency.topUp',
            targetRef: { kind: 'agency', id: '1002', label: 'Acme Travel' },
            facts: { amount: '1200.5', currency: 'CNY' },
            outcome: 'refused',
            code: 100003,
          }),
        ]),
      );
      await open();
      const sentence = await screen.findByTestId('user-log-sentence', {}, WAIT);
      expect(sentence).toHaveTextContent(
        'Could not top up the balance of Acme Travel by CNY 1,200.50You do not have the access',
      );
      const button = screen.getByTestId('user-log-details-button');
      button.focus();
      await userEvent.keyboard('{Enter}');
      const details = await screen.findByTestId('user-log-details', {}, WAIT);
      expect(details).toHaveTextContent('POST /base/v2/agencies/:id/balance');
      expect(details).toHaveTextContent('1002');
      expect(details).toHaveTextContent('agency.topUp');
      expect(details).toHaveTextContent('100003');
    },
    SLOW,
  );

  it(
    'names a target without a link when the reader may not open its page',
    async () => {
      serve(
        page([
          entry(1, {
            action: 'call',
            method: 'DELETE',
            route: '/order/v2/flight/orders/:id',
            target: 'order-7',
            event: 'order.cancel',
            targetRef: { kind: 'flightOrder', id: 'order-7', label: 'F20261128000007' },
          }),
        ]),
      );
      const admin = SESSIONS.admin;
      const commonConfig = { ...admin.company.config.commonConfig, enableFlightService: false };
      await prepare({
        ...admin,
        company: { ...admin.company, config: { ...admin.company.config, commonConfig } },
      });
      renderApp('/user-log');
      const sentence = await screen.findByTestId('user-log-sentence', {}, WAIT);
      expect(sentence).toHaveTextContent('Cancelled order F20261128000007');
      expect(within(sentence).queryByRole('link')).toBeNull();
    },
    SLOW,
  );

  it(
    'sends the filters of the URL and pages, and downloads the Excel of those filters',
    async () => {
      const urls = serve(page([entry(1)], 45));
      const exports: unknown[] = [];
      server.use(
        http.post(`${URL_PATH}/export`, async ({ request }) => {
          exports.push(await request.json());
          return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="user-log-2026-11-23.xlsx"',
            },
          });
        }),
      );
      const names: string[] = [];
      Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      const { router } = await open('/user-log?outcome=refused&action=bogus&dateFrom=2026-11-01&page=2');
      await screen.findByText('operator', { selector: 'td' }, WAIT);
      const first = urls[0];
      expect(first?.searchParams.get('outcome')).toBe('refused');
      expect(first?.searchParams.get('action')).toBeNull();
      expect(first?.searchParams.get('dateFrom')).toBe('2026-11-01');
      expect(first?.searchParams.get('page')).toBe('2');
      await userEvent.click(screen.getByTestId('user-log-export'));
      await waitFor(() => expect(names).toEqual(['user-log-2026-11-23.xlsx']));
      expect(exports).toEqual([{ outcome: 'refused', dateFrom: '2026-11-01' }]);
      await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('outcome')).toBeNull());
      expect(router.state.location.search).toBe('');
    },
    SLOW,
  );

  it(
    'asks for page 2 after the last row of page 1 (its cursor), and page 4 typed in the URL by number, counting the first page only',
    async () => {
      const cursor = '1795353898055589_11580';
      const urls = serve({ ...page([entry(1)], 45), next: cursor });
      const { router } = await open('/user-log?action=login');
      await screen.findByText('operator', { selector: 'td' }, WAIT);
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
      expect(urls.at(-1)?.searchParams.get('count')).toBeNull();
      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
      expect(urls.at(-1)?.searchParams.get('after')).toBe(cursor);
      expect(urls.at(-1)?.searchParams.get('action')).toBe('login');
      // The filter's total is known from page 1: the pages after it are read without the count.
      expect(urls.at(-1)?.searchParams.get('count')).toBe('false');
      expect(screen.getByText('45 entries')).toBeInTheDocument();
      await router.navigate('/user-log?action=login&page=4');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('4'));
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
      // Another filter is counted again.
      await router.navigate('/user-log?action=logout');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('action')).toBe('logout'));
      expect(urls.at(-1)?.searchParams.get('count')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the empty state, and an error with a retry that loads again',
    async () => {
      let fail = true;
      serve(() =>
        fail
          ? HttpResponse.json(envelope(null, 100003, 'No access'), { status: 403 })
          : HttpResponse.json(envelope(page([]))),
      );
      await open();
      const alert = await screen.findByTestId('list-error', {}, WAIT);
      expect(alert).toHaveTextContent('The user log could not be loaded');
      fail = false;
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('No log entries match these filters', {}, WAIT)).toBeInTheDocument();
      expect(screen.getByTestId('user-log-export')).toBeDisabled();
    },
    SLOW,
  );
});
