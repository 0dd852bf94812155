import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PriceChain } from '@portal/domain/agency-settings';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SESSIONS } from '../../../test/fixtures';
import { makeAgency } from '../../../test/agency-fixtures';
import { makeSolution } from '../../../test/flight-fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { SubAgencyPriceChain } from './sub-agency-price-chain';

const WAIT = { timeout: 30000 };
const SOLUTION = { ...makeSolution({ id: 's1', total: '1000.00' }), category: 'china' as const };
const CHAIN: PriceChain = {
  category: 'china',
  net: { amount: '1000.00', currency: 'CNY' },
  levels: [
    {
      agencyId: 1,
      agencyName: 'TripBridge Travel Group',
      proxyLevel: 0,
      adjustment: { unit: 'fixed', value: 1000, limit: 0 },
      added: { amount: '10.00', currency: 'CNY' },
      price: { amount: '1010.00', currency: 'CNY' },
    },
    {
      agencyId: 1005,
      agencyName: 'Harbour Travel',
      proxyLevel: 1,
      adjustment: { unit: 'percent', value: 5, limit: 0 },
      added: { amount: '50.50', currency: 'CNY' },
      price: { amount: '1060.50', currency: 'CNY' },
    },
  ],
  sale: { amount: '1060.50', currency: 'CNY' },
};

function show() {
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <SubAgencyPriceChain solution={SOLUTION} currency="CNY" />
      </AppProviders>
    </StyleProvider>,
  );
}

describe("a result's price chain for a sub-agency", () => {
  it('shows an agency manager the fare through each level to the chosen sub-agency', async () => {
    await prepare(SESSIONS.admin);
    const asked: URL[] = [];
    server.use(
      http.get('/base/v2/agencies', () =>
        HttpResponse.json(
          envelope({
            list: [{ ...makeAgency(1005, 'Harbour Travel'), children: [] }],
            total: 1,
            page: 1,
            pageSize: 100,
          }),
        ),
      ),
      http.get('/base/v2/agencies/1005/price-chain', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(envelope(CHAIN));
      }),
    );
    show();
    await userEvent.click(await screen.findByLabelText('Sub-agency', {}, WAIT));
    await userEvent.click(await screen.findByTitle('Harbour Travel', {}, WAIT));
    const chain = within(await screen.findByTestId('price-chain', {}, WAIT));
    expect(chain.getByRole('row', { name: /Sale price/ })).toHaveTextContent('CNY 1,060.50');
    expect(chain.getByText('5 % (no limit)')).toBeInTheDocument();
    // The supplier's net adult fare of the result, in minor units, with its flight category.
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({
      category: 'china',
      amount: '100000',
      currency: 'CNY',
    });
  });

  it('is not offered to a user who is not an agency manager', async () => {
    await prepare(SESSIONS.operator);
    show();
    expect(screen.queryByTestId('fare-price-chain')).not.toBeInTheDocument();
  });
});
