import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SubAgency } from '@portal/domain/agencies';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { CreditLimitModal } from './credit-limit-modal';
import { TopUpModal } from './top-up-modal';

const WAIT = { timeout: 30_000 };

const SUB: SubAgency = {
  id: 7,
  name: 'East Branch',
  alias: null,
  partnerCode: 'K7M3QX7B',
  enabled: true,
  parentId: 1,
  proxyLevel: 1,
  advisor: null,
  contactName: 'Lin',
  email: 'east@example.com',
  phone: null,
  allowedDomains: [],
  extraInfo: null,
  logo: null,
  canCreateSubAgency: false,
  wallet: {
    currency: 'CNY',
    balance: { amount: '100.00', currency: 'CNY' },
    creditLimit: { amount: '0.00', currency: 'CNY' },
    available: { amount: '100.00', currency: 'CNY' },
  },
  childrenCount: 0,
  superAdmin: { id: 70, username: 'admin7' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The parent's own CNY wallet: 250.00 and a credit line of 100.00, 50.00 of it lent down. */
const OWN = [
  {
    currency: 'CNY',
    balance: { amount: '250.00', currency: 'CNY' },
    creditLimit: { amount: '100.00', currency: 'CNY' },
    available: { amount: '300.00', currency: 'CNY' },
  },
];

const REFUSED = envelope(null, 600001, 'Insufficient account balance');

beforeEach(async () => {
  await prepare(SESSIONS.finance);
  server.use(
    http.get('/base/v2/wallet/balances', () => HttpResponse.json(envelope(OWN))),
    http.post('/base/v2/agencies/7/balance', () => HttpResponse.json(REFUSED, { status: 402 })),
    http.put('/base/v2/agencies/7/credit', () => HttpResponse.json(REFUSED, { status: 402 })),
  );
});

describe('the money forms of a sub-agency', () => {
  it("show the parent's available amount and the server's refusal of a top-up it does not cover", async () => {
    const user = userEvent.setup();
    renderElement(<TopUpModal agency={SUB} onClose={() => undefined} />);
    expect(await screen.findByTestId('parent-available', {}, WAIT)).toHaveTextContent('300.00');
    await user.type(screen.getByLabelText('Reference number'), 'BANK-1');
    await user.type(screen.getByLabelText('Amount'), '300.01');
    await user.click(screen.getByRole('button', { name: 'Add funds' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Insufficient account balance');
  }, 60_000);

  it("show the parent's available amount on the credit form and the refusal of a line it cannot lend", async () => {
    const user = userEvent.setup();
    renderElement(<CreditLimitModal agency={SUB} onClose={() => undefined} />);
    expect(await screen.findByTestId('parent-available', {}, WAIT)).toHaveTextContent('300.00');
    const field = screen.getByLabelText('Credit limit');
    await user.clear(field);
    await user.type(field, '500.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(screen.getByRole('alert')).toHaveTextContent('Insufficient account balance'),
      WAIT,
    );
  }, 60_000);
});
