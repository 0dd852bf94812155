import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { AfterSalesDetail, SupportingDocument } from '@portal/domain/after-sales';
import type { FlightOrderAction } from '@portal/domain/flight-order-actions';
import { statusColor, type FlightOrderStatus } from '@portal/domain/flight-order-status';
import { SESSIONS } from '../../../test/fixtures';
import { makeSolution, solutionsDelta } from '../../../test/flight-fixtures';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { issuedOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 60000;
const cny = (amount: string) => ({ amount, currency: 'CNY' as const });

const QUOTE: NonNullable<AfterSalesDetail['quote']> = {
  paid: cny('1290.5'),
  priceDifference: cny('0'),
  taxDifference: cny('0'),
  changeFee: cny('0'),
  refundFee: cny('200'),
  serviceFee: cny('90.5'),
  refundableTotal: cny('1000'),
  amountDue: cny('0'),
};

function afterSalesOrder(
  id: string,
  type: 'change' | 'refund' | 'void',
  status: FlightOrderStatus,
  allowedActions: FlightOrderAction[],
  detail: Partial<AfterSalesDetail> = {},
): FlightOrder {
  return {
    ...issuedOrder({
      id,
      bookingNumber: `B-${id}`,
      type,
      status,
      statusColor: statusColor(status),
      allowedActions,
    }),
    originalBookingId: 'o1',
    afterSales: {
      selection: { passengerIds: ['p1'], segmentIndexes: [0] },
      refundReason: type === 'refund' ? { value: 2, subOption: 'delay' } : null,
      changeReason: type === 'change' ? 0 : null,
      remark: null,
      quote: null,
      rejectReason: null,
      confirmDeadline: null,
      ...detail,
    },
    relatedOrders: [
      {
        id: 'o1',
        bookingNumber: 'B1001',
        type: 'origin',
        status: 'issued',
        bookingTime: '2026-11-20T08:30:00.000Z',
      },
    ],
  };
}

/** Serves the orders by id, the side menu's counts and empty document lists. */
function serveOrders(orders: Record<string, () => FlightOrder>) {
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', ({ params }) => {
      const order = orders[String(params.id)];
      return order
        ? HttpResponse.json(envelope(order()))
        : HttpResponse.json(envelope(null, 500001, 'Booking does not exist'), { status: 404 });
    }),
  );
}

async function open(id = 'o1') {
  await prepare(SESSIONS.operator);
  renderApp(`/flight/orders/${id}`);
  return screen.findByTestId('order-header', {}, WAIT);
}

async function dialogOf(testId: string) {
  const content = await screen.findByTestId(testId, {}, WAIT);
  const dialog = content.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`${testId} is not in a dialog`);
  return dialog;
}

const ACTION_BUTTONS: Record<FlightOrderAction, string> = {
  pay: 'order-pay',
  cancel: 'order-cancel',
  change: 'order-change',
  refund: 'order-refund',
  void: 'order-void',
  'confirm-refund': 'order-confirm-refund',
  'cancel-change': 'order-cancel-change',
  'cancel-refund': 'order-cancel-refund',
};

describe('after-sales on the order detail page', () => {
  it.each<[string, FlightOrder]>([
    ['an issued order inside the void window', issuedOrder()],
    ['an issued order after the void window', issuedOrder({ allowedActions: ['change', 'refund'] })],
    [
      'a refund to be confirmed',
      afterSalesOrder('r1', 'refund', 'rfd_to_be_confirm', ['confirm-refund', 'cancel-refund']),
    ],
    ['a change to be paid', afterSalesOrder('c1', 'change', 'chg_to_be_paid', ['pay', 'cancel-change'])],
    ['a refunded order', afterSalesOrder('r2', 'refund', 'refunded_reimbursed', [])],
  ])(
    'offers exactly the allowed actions of %s',
    async (_, order) => {
      serveOrders({ [order.id]: () => order });
      await open(order.id);
      for (const [action, testId] of Object.entries(ACTION_BUTTONS)) {
        const shown = screen.queryByTestId(testId) !== null;
        expect({ action, shown }).toEqual({
          action,
          shown: order.allowedActions.includes(action as FlightOrderAction),
        });
      }
    },
    SLOW,
  );

  it(
    'refuses a refund without tickets, reason or sub-option, a .txt file and a sixth document, then opens the new refund order',
    async () => {
      const refundOrder = afterSalesOrder('r1', 'refund', 'rfd_reviewing', ['cancel-refund']);
      serveOrders({ o1: () => issuedOrder(), r1: () => refundOrder });
      const uploads: string[] = [];
      const refunds: unknown[] = [];
      server.use(
        http.post('/order/v2/flight/orders/:id/documents', async ({ params, request }) => {
          const text = await request.text();
          const name = /filename="([^"]+)"/.exec(text)?.[1] ?? '?';
          uploads.push(`${String(params.id)}:${name}`);
          const document: SupportingDocument = {
            id: `00000000-0000-4000-8000-00000000000${uploads.length}`,
            fileName: name,
            contentType: 'image/png',
            sizeBytes: 3,
            afterSalesOrderId: null,
            uploadedAt: '2026-11-21T08:00:00.000Z',
          };
          return HttpResponse.json(envelope([document]));
        }),
        http.post('/order/v2/flight/orders/:id/refund', async ({ request }) => {
          refunds.push(await request.json());
          return HttpResponse.json(envelope(refundOrder));
        }),
      );
      await open();
      await userEvent.click(screen.getByTestId('order-refund'));
      const dialog = await dialogOf('refund-dialog');
      const submit = () => within(dialog).getByTestId('refund-submit');

      await userEvent.click(submit());
      expect(await within(dialog).findByText('Choose a reason', {}, WAIT)).toBeInTheDocument();
      expect(within(dialog).getByText('Choose at least one passenger')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose at least one segment')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ZHANG/SAN' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'CA1501' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
      await userEvent.click(await screen.findByTitle('Involuntary (airline)'));
      await userEvent.click(submit());
      expect(
        await within(dialog).findByText('Choose the detail of the reason', {}, WAIT),
      ).toBeInTheDocument();
      expect(refunds).toEqual([]);

      // The upload field renders a new input after each pick: look it up every time.
      const input = () => {
        const found = dialog.querySelector<HTMLInputElement>('input[type="file"]');
        if (!found) throw new Error('no file input');
        return found;
      };
      await userEvent.upload(input(), new File(['hi'], 'note.txt', { type: 'text/plain' }), {
        applyAccept: false,
      });
      expect(await within(dialog).findByTestId('after-sales-documents-error', {}, WAIT)).toHaveTextContent(
        'Only jpg, png or PDF files of up to 2MB can be uploaded',
      );
      const six = Array.from(
        { length: 6 },
        (_, i) => new File(['png'], `scan${i + 1}.png`, { type: 'image/png' }),
      );
      await userEvent.upload(input(), six);
      await waitFor(() => expect(uploads).toHaveLength(5), WAIT);
      expect(within(dialog).getByTestId('after-sales-documents-error')).toHaveTextContent(
        'At most 5 files can be uploaded',
      );
      expect(uploads).not.toContain('o1:note.txt');
      expect(uploads).not.toContain('o1:scan6.png');

      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Detail of the reason' }));
      await userEvent.click(await screen.findByTitle('Flight delay'));
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Missed the meeting');
      await waitFor(() => expect(submit()).toBeEnabled(), WAIT);
      await userEvent.click(submit());
      await waitFor(() => expect(refunds).toHaveLength(1), WAIT);
      expect(refunds[0]).toEqual({
        selection: { passengerIds: ['p1'], segmentIndexes: [0] },
        reason: { value: 2, subOption: 'delay' },
        documentIds: [1, 2, 3, 4, 5].map((n) => `00000000-0000-4000-8000-00000000000${n}`),
        remark: 'Missed the meeting',
      });
      await waitFor(() => expect(screen.getByTestId('order-booking-number')).toHaveTextContent('B-r1'), WAIT);
      expect(screen.getByTestId('order-after-sales-reason')).toHaveTextContent(
        'Involuntary (airline) / Flight delay',
      );
      expect(screen.getByTestId('order-quote-pending')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'searches alternatives for a new date, shows the progress, accepts a re-quoted flight and requests it as a change',
    async () => {
      const changeOrder = afterSalesOrder('c1', 'change', 'chg_reviewing', ['cancel-change']);
      serveOrders({ o1: () => issuedOrder(), c1: () => changeOrder });
      const newDate = dayjs().add(40, 'day').format('YYYY-MM-DD');
      const searches: unknown[] = [];
      const polls: unknown[] = [];
      const changes: unknown[] = [];
      const keys: (string | null)[] = [];
      const alternative = makeSolution({
        id: 'alt-1',
        flightNumber: '1503',
        departure: `${newDate}T13:00`,
        arrival: `${newDate}T15:10`,
        total: '1380.00',
      });
      let sawProgress: () => void = () => undefined;
      const progressSeen = new Promise<void>((resolve) => {
        sawProgress = resolve;
      });
      server.use(
        http.post('/order/v2/flight/orders/:id/change/search', async ({ request }) => {
          searches.push(await request.json());
          return HttpResponse.json(envelope({ searchId: 'cs-1', expiresAt: '2030-01-01T00:00:00.000Z' }));
        }),
        http.post('/shopping/v2/flight/async-shopping/solutions', async ({ request }) => {
          polls.push(await request.json());
          if (polls.length === 1) return HttpResponse.json(envelope(solutionsDelta([], false)));
          // The search ends only once the test has seen its progress: on a busy machine the next
          // poll could otherwise end it before the progress was ever looked for.
          await progressSeen;
          return HttpResponse.json(envelope(solutionsDelta([alternative])));
        }),
        http.post('/order/v2/flight/orders/:id/change', async ({ request }) => {
          changes.push(await request.json());
          keys.push(request.headers.get('Idempotency-Key'));
          if (changes.length > 1) return HttpResponse.json(envelope(changeOrder));
          // The supplier's price check moved the fare: the flight as now priced, under a new id.
          const verification = {
            outcome: 'price_changed',
            solution: {
              ...alternative,
              id: 'alt-2',
              priceDetail: { ...alternative.priceDetail, total: cny('1420') },
            },
            previousTotal: cny('1380'),
          };
          return HttpResponse.json(envelope(verification, 500004, 'The price changed'), { status: 409 });
        }),
      );
      await open();
      await userEvent.click(screen.getByTestId('order-change'));
      const dialog = await dialogOf('change-dialog');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ZHANG/SAN' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'CA1501' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
      await userEvent.click(await screen.findByTitle('Voluntary change'));
      const date = within(dialog).getByRole('textbox', { name: 'New date of journey 1' });
      await userEvent.clear(date);
      await userEvent.type(date, `${newDate}{Enter}`);
      await userEvent.click(within(dialog).getByTestId('change-search'));

      expect(await within(dialog).findByTestId('change-search-progress', {}, WAIT)).toBeInTheDocument();
      sawProgress();
      const row = await within(dialog).findByTestId('change-solution-alt-1', {}, WAIT);
      expect(row).toHaveTextContent('CA1503');
      expect(row).toHaveTextContent('CNY 1,380.00');
      expect(within(dialog).queryByTestId('change-search-progress')).not.toBeInTheDocument();
      expect(searches).toEqual([
        {
          selection: { passengerIds: ['p1'], segmentIndexes: [0] },
          reason: 0,
          legs: [{ legIndex: 0, date: newDate }],
        },
      ]);
      expect(polls[0]).toMatchObject({ searchId: 'cs-1' });

      await userEvent.click(within(row).getByTestId('change-choose'));
      expect(await within(dialog).findByTestId('change-review', {}, WAIT)).toHaveTextContent('CA1503');
      await userEvent.click(within(dialog).getByTestId('change-submit'));
      expect(await within(dialog).findByTestId('change-requoted', {}, WAIT)).toHaveTextContent(
        'The price changed from CNY 1,380.00 to CNY 1,420.00',
      );
      expect(within(dialog).getByTestId('change-review-price')).toHaveTextContent('CNY 1,420.00');
      await userEvent.click(within(dialog).getByTestId('change-submit'));
      await waitFor(() => expect(changes).toHaveLength(2), WAIT);
      const request = {
        changeSearchId: 'cs-1',
        selection: { passengerIds: ['p1'], segmentIndexes: [0] },
        reason: 0,
        documentIds: [],
      };
      expect(changes).toEqual([
        { ...request, solutionId: 'alt-1' },
        { ...request, solutionId: 'alt-2' },
      ]);
      // Another body, another key: the first key stays with the first request.
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBeTruthy();
      expect(keys[1]).not.toBe(keys[0]);
      await waitFor(() => expect(screen.getByTestId('order-booking-number')).toHaveTextContent('B-c1'), WAIT);
      expect(screen.getByTestId('order-status')).toHaveTextContent('Change reviewing');
      // The change order flies new flights: its request names the original's flight by position.
      expect(screen.getByTestId('order-after-sales-segments')).toHaveTextContent(
        'Flight 1 of the original booking',
      );
    },
    SLOW,
  );

  it(
    'leaves the change search when the dialog closes, and polls only the new search after',
    async () => {
      serveOrders({ o1: () => issuedOrder() });
      let started = 0;
      const polls: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.use(
        http.post('/order/v2/flight/orders/:id/change/search', () => {
          started += 1;
          return HttpResponse.json(
            envelope({ searchId: `cs-${started}`, expiresAt: '2030-01-01T00:00:00.000Z' }),
          );
        }),
        http.post('/shopping/v2/flight/async-shopping/solutions', async ({ request }) => {
          const { searchId } = (await request.json()) as { searchId: string };
          polls.push(searchId);
          // The first search's poll is held by the server until the test lets it go.
          if (searchId === 'cs-1') await held;
          return HttpResponse.json(envelope(solutionsDelta([], searchId !== 'cs-1')));
        }),
      );
      await open();
      const search = async () => {
        await userEvent.click(screen.getByTestId('order-change'));
        const dialog = await dialogOf('change-dialog');
        await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ZHANG/SAN' }));
        await userEvent.click(within(dialog).getByRole('checkbox', { name: 'CA1501' }));
        await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
        await userEvent.click(await screen.findByTitle('Other'));
        await userEvent.click(within(dialog).getByTestId('change-search'));
        return dialog;
      };
      const first = await search();
      await waitFor(() => expect(polls).toEqual(['cs-1']), WAIT);
      await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByTestId('change-dialog')).not.toBeInTheDocument(), WAIT);
      // The held answer comes back unfinished after the dialog closed: nobody polls cs-1 again.
      release();
      const second = await search();
      expect(await within(second).findByText('No flights for these dates', {}, WAIT)).toBeInTheDocument();
      expect(polls).toEqual(['cs-1', 'cs-2']);
    },
    SLOW,
  );

  it(
    'cancels a refund request after confirming',
    async () => {
      let canceled = false;
      serveOrders({
        r1: () =>
          canceled
            ? afterSalesOrder('r1', 'refund', 'refund_canceled', [])
            : afterSalesOrder('r1', 'refund', 'rfd_reviewing', ['cancel-refund']),
      });
      const deletes: string[] = [];
      server.use(
        http.delete('/order/v2/flight/orders/:id', ({ params }) => {
          deletes.push(String(params.id));
          canceled = true;
          return HttpResponse.json(envelope(afterSalesOrder('r1', 'refund', 'refund_canceled', [])));
        }),
      );
      await open('r1');
      await userEvent.click(screen.getByTestId('order-cancel-refund'));
      expect(deletes).toEqual([]);
      await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }, WAIT));
      await waitFor(
        () => expect(screen.getByTestId('order-status')).toHaveTextContent('Refund canceled'),
        WAIT,
      );
      expect(deletes).toEqual(['r1']);
      expect(screen.queryByTestId('order-cancel-refund')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a quoted refund with its deadline and the original, and confirms it once',
    async () => {
      const deadline = new Date(Date.now() + 2 * 3_600_000).toISOString();
      let confirmed = false;
      const quoted = () =>
        afterSalesOrder(
          'r1',
          'refund',
          confirmed ? 'rfd_proceeding' : 'rfd_to_be_confirm',
          confirmed ? [] : ['confirm-refund', 'cancel-refund'],
          { quote: QUOTE, confirmDeadline: deadline, remark: 'Flight delayed 5 hours' },
        );
      serveOrders({ r1: quoted });
      const confirmations: string[] = [];
      server.use(
        http.post('/order/v2/flight/orders/:id/confirmation', ({ params }) => {
          confirmations.push(String(params.id));
          confirmed = true;
          return HttpResponse.json(envelope(quoted()));
        }),
      );
      await open('r1');
      expect(screen.getByTestId('order-confirm-countdown')).toHaveTextContent(
        /Confirm the refund within [12]:\d\d:\d\d/,
      );
      expect(screen.getByTestId('order-quote-refundFee')).toHaveTextContent('CNY 200.00');
      expect(screen.getByTestId('order-quote-serviceFee')).toHaveTextContent('CNY 90.50');
      expect(screen.getByTestId('order-quote-refundableTotal')).toHaveTextContent('CNY 1,000.00');
      expect(screen.getByTestId('order-after-sales')).toHaveTextContent('Flight delayed 5 hours');
      expect(screen.getByTestId('order-after-sales-passengers')).toHaveTextContent('ZHANG/SAN');
      expect(screen.getByTestId('order-after-sales-segments')).toHaveTextContent(
        'CA1501 PEK-SHA 2026-12-01 08:30',
      );
      const related = screen.getByTestId('order-related');
      expect(within(related).getByRole('link', { name: 'B1001' })).toHaveAttribute(
        'href',
        '/flight/orders/o1',
      );

      await userEvent.click(screen.getByTestId('order-confirm-refund'));
      const dialog = await dialogOf('confirm-refund-dialog');
      expect(within(dialog).getByTestId('confirm-refund-total')).toHaveTextContent('CNY 1,000.00');
      expect(within(dialog).getByTestId('confirm-refund-deadline')).toHaveTextContent(
        dayjs(deadline).format('YYYY-MM-DD HH:mm'),
      );
      expect(confirmations).toEqual([]);
      await userEvent.click(within(dialog).getByTestId('confirm-refund-ok'));
      await waitFor(
        () => expect(screen.getByTestId('order-status')).toHaveTextContent('Refund proceeding'),
        WAIT,
      );
      expect(confirmations).toEqual(['r1']);
      expect(screen.queryByTestId('order-confirm-refund')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'speaks Traditional Chinese: reason, quote and actions of a refund to be confirmed',
    async () => {
      const order = afterSalesOrder(
        'r1',
        'refund',
        'rfd_to_be_confirm',
        ['confirm-refund', 'cancel-refund'],
        {
          quote: QUOTE,
          confirmDeadline: new Date(Date.now() + 3_600_000).toISOString(),
        },
      );
      serveOrders({ r1: () => order });
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-tw' });
      await i18n.changeLanguage('zh-tw');
      renderApp('/flight/orders/r1');
      const reason = await screen.findByTestId('order-after-sales-reason', {}, WAIT);
      expect(reason).toHaveTextContent('非自願（航空公司原因） / 航班延誤');
      expect(screen.getByTestId('order-after-sales')).toHaveTextContent('可退金額');
      expect(screen.getByTestId('order-confirm-countdown')).toHaveTextContent('請在');
      expect(screen.getByTestId('order-confirm-refund')).toHaveTextContent('確認退票');
      expect(screen.getByTestId('order-cancel-refund')).toHaveTextContent('取消退票');
    },
    SLOW,
  );

  it(
    'voids after a confirmation that names the service fee and the end of the window',
    async () => {
      const voidDeadline = new Date(Date.now() + 3 * 3_600_000).toISOString();
      const voidOrder = afterSalesOrder('v1', 'void', 'void_proceeding', []);
      serveOrders({ o1: () => issuedOrder({ voidDeadline }), v1: () => voidOrder });
      const voids: unknown[] = [];
      server.use(
        http.post('/order/v2/flight/orders/:id/void', async ({ request }) => {
          voids.push(await request.json());
          return HttpResponse.json(envelope(voidOrder));
        }),
      );
      await open();
      await userEvent.click(screen.getByTestId('order-void'));
      const dialog = await dialogOf('void-dialog');
      const note = within(dialog).getByTestId('void-note');
      expect(note).toHaveTextContent('void service fee');
      expect(note).toHaveTextContent(dayjs(voidDeadline).format('YYYY-MM-DD HH:mm'));
      expect(voids).toEqual([]);
      await userEvent.click(within(dialog).getByTestId('void-submit'));
      await waitFor(() => expect(voids).toEqual([{}]), WAIT);
      await waitFor(() => expect(screen.getByTestId('order-booking-number')).toHaveTextContent('B-v1'), WAIT);
    },
    SLOW,
  );
});
