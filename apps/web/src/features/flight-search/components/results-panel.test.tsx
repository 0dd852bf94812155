import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_STALE_AFTER_MS } from '@portal/domain/limits';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useListPreferences } from '../hooks/use-list-preferences';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { makeSolution, PEK_SHA, solutionsDelta, solutionsResult } from '../../../test/flight-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

function cards() {
  return screen.queryAllByTestId('solution-card').map((c) => c.getAttribute('data-solution-id'));
}

const THREE = [
  makeSolution({
    id: 'late-cheap',
    carrier: 'MU',
    departure: '2030-05-01T19:00',
    total: '800.00',
    stops: ['TSN'],
  }),
  makeSolution({ id: 'early-dear', carrier: 'CA', departure: '2030-05-01T07:00', total: '1500.00' }),
  makeSolution({
    id: 'noon-mid',
    carrier: 'CA',
    departure: '2030-05-01T12:30',
    total: '1000.00',
    checkedPieces: 0,
  }),
];

async function showStored(solutions = THREE) {
  await prepare(SESSIONS.operator);
  useFlightSearchStore
    .getState()
    .setSearch({ request: PEK_SHA, searchId: 's-1', result: solutionsResult(solutions) });
  renderApp('/flight/booking');
  await screen.findAllByTestId('solution-card', {}, WAIT);
}

describe('flight results', () => {
  beforeEach(() => {
    useListPreferences.setState({ sort: 'price' });
    useListPreferences.getState().resetGroup();
  });

  it('grows as suppliers answer across two polls, with per-supplier progress', async () => {
    await prepare(SESSIONS.operator);
    let polls = 0;
    // The server holds the second poll until the first answer has been seen (a poll with news is
    // followed at once by the next one).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/shopping/v2/flight/async-shopping/solutions', async () => {
        polls += 1;
        if (polls === 2) await held;
        const first = makeSolution({ id: 'a', total: '900.00' });
        const result =
          polls === 1
            ? solutionsDelta([first], false)
            : solutionsDelta([first, makeSolution({ id: 'b', carrier: 'MU' })]);
        return HttpResponse.json(envelope(result));
      }),
    );
    useFlightSearchStore.getState().setSearch({ request: PEK_SHA, searchId: 's-2', result: null });
    renderApp('/flight/booking');
    await waitFor(() => expect(cards()).toEqual(['a']), WAIT);
    expect(screen.getAllByTestId('supplier-status').map((s) => s.textContent)).toEqual([
      'gds · done · 1 fares',
      'ndc · searching · 0 fares',
    ]);
    release();
    await waitFor(() => expect(cards()).toEqual(['a', 'b']), WAIT);
    expect(screen.getAllByTestId('supplier-status')[1]).toHaveTextContent('ndc · done');
    expect(polls).toBe(2);
    // The results are kept for the session.
    await waitFor(() =>
      expect(useFlightSearchStore.getState().search?.result).toMatchObject({ finished: true }),
    );
  });

  it('sends the last cursor and merges what changed: new fares added, dearer copies removed', async () => {
    await prepare(SESSIONS.operator);
    const asked: unknown[] = [];
    const a = makeSolution({ id: 'a', total: '900.00' });
    const b = makeSolution({ id: 'b', carrier: 'MU', total: '800.00' });
    const c = makeSolution({ id: 'c', carrier: 'HU', total: '700.00' });
    server.use(
      http.post('/shopping/v2/flight/async-shopping/solutions', async ({ request }) => {
        const poll = (await request.json()) as { cursor?: string; waitMs?: number };
        asked.push(poll);
        const answer =
          poll.cursor === undefined
            ? { ...solutionsResult([a, b], false), reset: true, removed: [], families: [], cursor: '10' }
            : { ...solutionsResult([c]), reset: false, removed: ['a'], families: [], cursor: '11' };
        return HttpResponse.json(envelope(answer));
      }),
    );
    useFlightSearchStore.getState().setSearch({ request: PEK_SHA, searchId: 's-9', result: null });
    renderApp('/flight/booking');
    await waitFor(() => expect(cards()).toEqual(['c', 'b']), WAIT);
    expect(asked).toEqual([
      { searchId: 's-9', waitMs: 8000 },
      { searchId: 's-9', cursor: '10', waitMs: 8000 },
    ]);
    // The session keeps the merged list, not the last answer.
    await waitFor(() =>
      expect(useFlightSearchStore.getState().search?.result).toMatchObject({
        finished: true,
        solutions: [{ id: 'b' }, { id: 'c' }],
      }),
    );
  });

  it("shows 'No flights found' when the search finished with none", async () => {
    await prepare(SESSIONS.operator);
    server.use(
      http.post('/shopping/v2/flight/async-shopping/solutions', () =>
        HttpResponse.json(envelope(solutionsDelta([]))),
      ),
    );
    useFlightSearchStore.getState().setSearch({ request: PEK_SHA, searchId: 's-3', result: null });
    renderApp('/flight/booking');
    expect(await screen.findByText('No flights found', {}, WAIT)).toBeInTheDocument();
  });

  it('sorts by price by default and by time on request, and keeps the sort locally', async () => {
    await showStored();
    expect(cards()).toEqual(['late-cheap', 'noon-mid', 'early-dear']);
    await userEvent.click(screen.getByText('Earliest departure'));
    expect(cards()).toEqual(['early-dear', 'noon-mid', 'late-cheap']);
    await userEvent.click(screen.getByText('Recommended'));
    expect(cards()).toEqual(['late-cheap', 'early-dear', 'noon-mid']);
    expect(JSON.parse(localStorage.getItem('portal-flight-list') ?? '{}')).toMatchObject({
      state: { sort: 'default' },
    });
  });

  it('filters by stops, airline, time band and baggage, with counts', async () => {
    await showStored();
    const stops = screen.getByTestId('filter-stops');
    expect(within(stops).getByText('Direct').parentElement).toHaveTextContent('Direct (2)');
    await userEvent.click(within(stops).getByText('Direct'));
    expect(cards()).toEqual(['noon-mid', 'early-dear']);
    await userEvent.click(screen.getByTestId('filter-baggage'));
    expect(cards()).toEqual(['early-dear']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.click(within(screen.getByTestId('filter-departure-time')).getByText('18:00-24:00'));
    expect(cards()).toEqual(['late-cheap']);
  });

  it('converts prices to the chosen currency rounding up, without decimals from 10 (spec §9)', async () => {
    await prepare(SESSIONS.operator);
    usePreferencesStore.setState({ currency: 'USD', rate: '0.1389' });
    useFlightSearchStore.getState().setSearch({
      request: PEK_SHA,
      searchId: 's-4',
      result: solutionsResult([makeSolution({ id: 'x', total: '1000.01' })]),
    });
    renderApp('/flight/booking');
    // 1000.01 × 0.1389 = 138.901389 → 139 (rounded up, never down; 10 and over show no decimals).
    expect(await screen.findByTestId('solution-total', {}, WAIT)).toHaveTextContent('USD 139');
  });

  it('shows the exact amount when the display currency is the settlement currency', async () => {
    await showStored([makeSolution({ id: 'x', total: '1234.5' })]);
    expect(screen.getByTestId('solution-total')).toHaveTextContent('CNY 1,234.5');
  });

  it('tags a fare with passenger restrictions so the agent sees it before booking', async () => {
    const plain = makeSolution({ id: 'plain', total: '900' });
    const senior = makeSolution({ id: 'senior', total: '700' });
    await showStored([plain, { ...senior, restrictions: { ...senior.restrictions, productType: 'senior' } }]);
    const [first, second] = screen.getAllByTestId('solution-card');
    expect(within(first as HTMLElement).getByTestId('restricted-fare')).toHaveTextContent(
      'Restricted fare: senior',
    );
    expect(within(second as HTMLElement).queryByTestId('restricted-fare')).not.toBeInTheDocument();
  });

  it('offers to refresh a search older than 10 minutes', async () => {
    await prepare(SESSIONS.operator);
    let started = 0;
    server.use(
      http.post('/shopping/v2/flight/async-shopping', () => {
        started += 1;
        return HttpResponse.json(envelope({ searchId: 's-new', expiresAt: '' }));
      }),
      http.post('/shopping/v2/flight/async-shopping/solutions', () =>
        HttpResponse.json(envelope(solutionsDelta(THREE))),
      ),
    );
    useFlightSearchStore.setState({
      search: { request: PEK_SHA, searchId: 's-old', result: solutionsResult(THREE) },
      lastSearchTime: Date.now() - SEARCH_STALE_AFTER_MS - 1000,
    });
    renderApp('/flight/booking');
    const banner = await screen.findByTestId('stale-banner', {}, WAIT);
    await userEvent.click(within(banner).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByTestId('stale-banner')).not.toBeInTheDocument(), WAIT);
    expect(started).toBe(1);
    expect(useFlightSearchStore.getState().search).toMatchObject({ searchId: 's-new' });
  });

  it('is not stale within 10 minutes', async () => {
    await prepare(SESSIONS.operator);
    useFlightSearchStore.setState({
      search: { request: PEK_SHA, searchId: 's-5', result: solutionsResult(THREE) },
      lastSearchTime: Date.now() - SEARCH_STALE_AFTER_MS + 60_000,
    });
    renderApp('/flight/booking');
    await screen.findAllByTestId('solution-card', {}, WAIT);
    expect(screen.queryByTestId('stale-banner')).not.toBeInTheDocument();
  });

  it('clears the cached search when the settlement currency differs', async () => {
    await prepare({
      ...SESSIONS.operator,
      company: {
        ...SESSIONS.operator.company,
        config: {
          commonConfig: { ...SESSIONS.operator.company.config.commonConfig, settlementCurrency: 'USD' },
        },
      },
    });
    useFlightSearchStore
      .getState()
      .setSearch({ request: PEK_SHA, searchId: 's-6', result: solutionsResult(THREE) });
    renderApp('/flight/booking');
    await screen.findByTestId('flight-search-form', {}, WAIT);
    await waitFor(() => expect(useFlightSearchStore.getState().search).toBeNull());
    expect(screen.queryByTestId('solution-card')).not.toBeInTheDocument();
  });

  it('drops a kept search that no longer reads as one, once the schemas have loaded', async () => {
    await prepare(SESSIONS.operator);
    useFlightSearchStore.setState({
      search: { request: { journeys: 'PEK-SHA' }, searchId: 's-7', result: null },
      lastSearchTime: Date.now(),
    });
    renderApp('/flight/booking');
    await screen.findByTestId('flight-search-form', {}, WAIT);
    await waitFor(() => expect(useFlightSearchStore.getState().search).toBeNull());
    expect(screen.queryByTestId('solution-card')).not.toBeInTheDocument();
  });

  it('expands a row with segments, price breakdown, baggage, rules, restrictions and tier', async () => {
    await showStored([makeSolution({ id: 'x', total: '1000.00' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    const details = screen.getByTestId('solution-details');
    expect(details).toHaveTextContent('Terminal 3');
    expect(details).toHaveTextContent('Aircraft 789');
    expect(within(details).getByTestId('price-breakdown')).toHaveTextContent('CNY 1,000.00');
    expect(within(details).getByTestId('baggage-table')).toHaveTextContent('1 piece(s) · 23 kg each');
    const rules = within(details).getByTestId('fare-rules');
    expect(rules).toHaveTextContent('Allowed · Fee CNY 100.00');
    expect(rules).toHaveTextContent('Passport');
    expect(rules).toHaveTextContent('Fast: within 30 min');
    expect(rules).toHaveTextContent('BSP (billing and settlement plan)');
  });
});
