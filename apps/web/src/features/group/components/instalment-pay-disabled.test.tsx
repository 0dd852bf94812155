import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSIONS, withAgencySettings } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { secondDepositDue } from '../lib/test-orders';
import { InstalmentsSection } from './instalments-section';

const WAIT = { timeout: 30_000 };
const REASON = 'Payment is turned off for your agency (setting "Disable payment"); ask your agency manager.';

describe('group instalments and the setting "Disable payment"', () => {
  beforeEach(() => {
    server.use(http.get('/order/v2/flight/config/payment', () => HttpResponse.json(envelope([]))));
  });

  it('offers the due instalment to an agency that may pay', async () => {
    await prepare(SESSIONS.operator);
    renderElement(<InstalmentsSection order={secondDepositDue()} />);
    expect(await screen.findByTestId('group-instalment-open-2', {}, WAIT)).toBeEnabled();
  });

  it('disables the due instalment with the reason for an agency whose payment is disabled', async () => {
    await prepare(withAgencySettings(SESSIONS.operator, { disablePayment: true }));
    renderElement(<InstalmentsSection order={secondDepositDue()} />);
    const pay = await screen.findByTestId('group-instalment-open-2', {}, WAIT);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(REASON);
  });
});
