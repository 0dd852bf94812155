import type { FastifyInstance } from 'fastify';
import { SolutionsResult, ShoppingStarted } from '@portal/domain/shopping';
import { bearer, body } from '../../test/app';

/** `YYYY-MM-DD`, `days` after `from` (UTC calendar, like the server's "today"). */
export function daysAhead(days: number, from = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The travel date of the shopping tests: well ahead, as searches for a past day are refused. */
export const TRAVEL_DATE = daysAhead(40);

/** A one-way economy request for one adult. */
export function oneWay(
  origin: string,
  destination: string,
  date = TRAVEL_DATE,
  extra: Record<string, unknown> = {},
) {
  return {
    journeys: [{ origin, destination, date }],
    passengers: { adult: 1, child: 0, infant: 0 },
    cabinClass: 'economy',
    bookingType: 'oneway',
    sort: 'price',
    ...extra,
  };
}

export async function startSearch(app: FastifyInstance, token: string, payload: object): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping',
    headers: bearer(token),
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  return ShoppingStarted.parse(body(res).data).searchId;
}

export async function fetchSolutions(
  app: FastifyInstance,
  token: string,
  searchId: string,
): Promise<SolutionsResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping/solutions',
    headers: bearer(token),
    payload: { searchId },
  });
  if (res.statusCode !== 200) throw new Error(`solutions failed: ${res.body}`);
  return SolutionsResult.parse(body(res).data);
}

/** Polls until the search has finished (each poll yields to the event loop; no fixed sleeps). */
export async function awaitFinished(
  app: FastifyInstance,
  token: string,
  searchId: string,
  maxPolls = 2000,
): Promise<SolutionsResult> {
  for (let i = 0; i < maxPolls; i++) {
    const result = await fetchSolutions(app, token, searchId);
    if (result.finished) return result;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('search did not finish');
}

/** Starts a search and waits for it. */
export async function search(app: FastifyInstance, token: string, payload: object): Promise<SolutionsResult> {
  return awaitFinished(app, token, await startSearch(app, token, payload));
}

/**
 * The first travel date from 40 days ahead, within a week, whose one-way search of `origin` to
 * `destination` answers what `wanted` looks for, with that answer. The simulated schedules fly some
 * routes on some weekdays only and their fares differ by date, so a test that needs a kind of fare
 * (low-cost, without fare basis) picks a day that has one instead of assuming today's.
 */
export async function searchOnDayWith(
  app: FastifyInstance,
  token: string,
  origin: string,
  destination: string,
  wanted: (result: SolutionsResult) => boolean,
): Promise<{ date: string; result: SolutionsResult }> {
  for (let days = 40; days < 47; days += 1) {
    const date = daysAhead(days);
    const result = await search(app, token, oneWay(origin, destination, date));
    if (wanted(result)) return { date, result };
  }
  throw new Error(`no search of ${origin} to ${destination} in a week has what the test needs`);
}
