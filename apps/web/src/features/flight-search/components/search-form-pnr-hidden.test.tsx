import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSIONS, withAgencySettings } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';

const WAIT = { timeout: 30_000 };

describe('flight search form and the setting "Hide PNR booking"', () => {
  it('offers the PNR mode to an agency that allows PNR booking', async () => {
    await prepare(SESSIONS.operator);
    renderApp('/flight/booking');
    const form = await screen.findByTestId('flight-search-form', {}, WAIT);
    expect(within(form).getByRole('radio', { name: 'PNR code' })).toBeInTheDocument();
  });

  it('has no PNR mode for an agency that hides PNR booking', async () => {
    await prepare(withAgencySettings(SESSIONS.operator, { hidePnrBooking: true }));
    renderApp('/flight/booking');
    const form = await screen.findByTestId('flight-search-form', {}, WAIT);
    expect(within(form).getByRole('radio', { name: 'One-way' })).toBeChecked();
    expect(within(form).queryByRole('radio', { name: 'PNR code' })).toBeNull();
    expect(within(form).getAllByRole('radio')).toHaveLength(3);
  });
});
