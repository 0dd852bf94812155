import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgencyOption, Approval, ApprovalList } from '@portal/domain/platform-funding';
import { PLATFORM_FINANCE, preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

const BASE: Approval = {
  id: '5f0c6a4e-1f4c-4a57-9d1e-3f3f1c0b0001',
  kind: 'funding',
  status: 'pending',
  agencyId: 3,
  agencyName: 'RailWay Express Agency',
  currency: 'CNY',
  amount: { amount: '5000.00', currency: 'CNY' },
  amountReceived: '5000.00',
  exchangeRate: '1',
  transactionFeePercent: '0',
  reference: 'HSBC-0042',
  creditLimit: null,
  note: null,
  requestedBy: { id: 2, username: 'platform.approver' },
  requestedAt: '2026-11-29T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  entryId: null,
  allowedActions: ['approve', 'reject'],
  blockedBecause: null,
};

/** The signed-in admin's own request: approve and reject are not offered. */
const OWN: Approval = {
  ...BASE,
  id: '5f0c6a4e-1f4c-4a57-9d1e-3f3f1c0b0002',
  reference: 'HSBC-0043',
  requestedBy: { id: PLATFORM_FINANCE.admin.id, username: PLATFORM_FINANCE.admin.username },
  allowedActions: ['cancel'],
  blockedBecause: 'ownRequest',
};

const page = (list: Approval[]): ApprovalList => ({ list, total: list.length, page: 1, pageSize: 20 });

const AGENCIES: AgencyOption[] = [
  { id: 1, name: 'TripBridge Travel Group', settlementCurrency: 'CNY', active: true },
  { id: 3, name: 'RailWay Express Agency', settlementCurrency: 'USD', active: true },
];

let approvedId: string | null;
let sentFunding: unknown;

beforeEach(async () => {
  approvedId = null;
  sentFunding = null;
  await prepare();
  preparePlatform();
  server.use(
    http.get('/platform/v2/approvals', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(envelope(page(status === 'pending' ? [BASE, OWN] : [])));
    }),
    http.get('/platform/v2/agency-options', () => HttpResponse.json(envelope(AGENCIES))),
    http.post('/platform/v2/approvals/:id/approval', ({ params }) => {
      approvedId = String(params.id);
      return HttpResponse.json(
        envelope({
          ...BASE,
          status: 'approved',
          allowedActions: [],
          blockedBecause: 'notPending',
          entryId: '9',
        }),
      );
    }),
    http.post('/platform/v2/funding-requests', async ({ request }) => {
      sentFunding = await request.json();
      return HttpResponse.json(envelope({ ...OWN, id: '5f0c6a4e-1f4c-4a57-9d1e-3f3f1c0b0003' }));
    }),
  );
});

describe('the platform funding page', () => {
  it("offers approve on another admin's request only, and explains why not on one's own", async () => {
    renderApp('/platform/funding');
    const table = await screen.findByTestId('pending-requests', undefined, WAIT);
    const rowOf = async (reference: string) => {
      const row = (await within(table).findByText(reference, undefined, WAIT)).closest('tr');
      if (!row) throw new Error(`no row of ${reference}`);
      return row;
    };
    const other = await rowOf('HSBC-0042');
    const own = await rowOf('HSBC-0043');

    const ownApprove = within(own).getByRole('button', { name: 'Approve' });
    expect(ownApprove).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(within(own).getByTestId('own-request')).toHaveTextContent(
      'another platform admin approves or rejects it',
    );
    expect(ownApprove).toHaveAccessibleDescription(/another platform admin/);
    expect(within(own).getByRole('button', { name: 'Cancel request' })).toBeEnabled();

    expect(within(other).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    await userEvent.click(within(other).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }, WAIT));
    await waitFor(() => expect(approvedId).toBe(BASE.id), WAIT);
  }, 60_000);

  it('sends a funding request with the amount worked out from what was received', async () => {
    renderApp('/platform/funding');
    await userEvent.click(await screen.findByRole('tab', { name: 'Fund an agency' }, WAIT));
    const form = await screen.findByTestId('funding-form', undefined, WAIT);
    await userEvent.click(within(form).getByRole('combobox', { name: 'Agency' }));
    await userEvent.click(await screen.findByTitle('RailWay Express Agency (3)', undefined, WAIT));
    await userEvent.type(within(form).getByLabelText('Amount received'), '1000');
    const rate = within(form).getByLabelText('Exchange rate');
    await userEvent.clear(rate);
    await userEvent.type(rate, '7.1');
    await userEvent.type(within(form).getByLabelText('Bank reference'), 'HSBC-0099');
    await waitFor(() => expect(within(form).getByLabelText('Amount credited')).toHaveValue('7100.00'), WAIT);
    await userEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    await waitFor(
      () =>
        expect(sentFunding).toEqual({
          agencyId: 3,
          currency: 'USD',
          amount: '7100.00',
          exchangeRate: '7.1',
          referenceNumber: 'HSBC-0099',
          amountReceived: '1000',
        }),
      WAIT,
    );
  }, 60_000);
});
