import { describe, expect, it } from 'vitest';
import { MONTH_CODES } from '@portal/domain/two-digit-year';
import {
  AccurateFlightsNotFound,
  AccurateSearchResult,
  PnrAnalysisResult,
  VerificationResult,
  type Solution,
} from '@portal/domain/shopping';
import { bearer, body, login, useTestApp } from '../../test/app';
import { daysAhead, oneWay, search } from './shopping.test-helpers';

const t = useTestApp();

/** `MO21DEC` as eTerm writes a date. */
function etermDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][date.getUTCDay()] ?? '';
  return `${weekday}${iso.slice(8, 10)}${MONTH_CODES[date.getUTCMonth()] ?? ''}`;
}

/** A direct flight the simulated suppliers really sell, found by a route search. */
async function directFlight(token: string): Promise<Solution> {
  const result = await search(t.app, token, oneWay('PEK', 'SHA'));
  const found = result.solutions.find((s) => s.legs.length === 1 && s.legs[0]?.segments.length === 1);
  if (!found) throw new Error('no direct PEK-SHA flight');
  return found;
}

async function post(token: string, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

describe('POST /shopping/v2/flight/accurate-search from a pasted PNR', () => {
  it('prices exactly the flights an eTerm PNR names, under a search id the price check accepts', async () => {
    const token = await login(t.app);
    const flight = await directFlight(token);
    const seg = flight.legs[0]?.segments[0];
    if (!seg) throw new Error('no segment');
    const date = seg.departure.time.slice(0, 10);
    const pnr = [
      ` 1.ZHANG/SAN MR 2.LI/SI MS                                   JX4Y2K`,
      ` 3.  ${seg.marketingCarrier}${seg.flightNumber} Y   ${etermDate(date)}  ${seg.departure.airport}${seg.arrival.airport} HK2   ${seg.departure.time.slice(11, 16).replace(':', '')} ${seg.arrival.time.slice(11, 16).replace(':', '')}   E T3T2`,
      ` 4.TL/0600/20DEC/PEK123`,
    ].join('\n');
    const analysed = await post(token, '/shopping/v2/flight/analysis-pnr', { pnr });
    expect(analysed.statusCode).toBe(200);
    const reading = PnrAnalysisResult.parse(body(analysed).data);
    expect(reading.unread).toEqual([]);

    const res = await post(token, '/shopping/v2/flight/accurate-search', {
      segments: reading.segments.map((s) => ({
        carrier: s.carrier,
        flightNumber: s.flightNumber,
        origin: s.origin,
        destination: s.destination,
        date: s.date,
      })),
      passengers: { adult: 2, child: 0, infant: 0 },
    });
    expect(res.statusCode).toBe(200);
    const result = AccurateSearchResult.parse(body(res).data);
    expect(result.searchId).toMatch(/\S/);
    expect(result.finished).toBe(true);
    expect(result.solutions.length).toBeGreaterThan(0);
    for (const solution of result.solutions) {
      const segments = solution.legs.flatMap((l) => l.segments);
      expect(
        segments.map((s) => `${s.marketingCarrier}${s.flightNumber} ${s.departure.time.slice(0, 10)}`),
      ).toEqual([`${seg.marketingCarrier}${seg.flightNumber} ${date}`]);
      expect(solution.priceDetail.priceList.find((p) => p.passengerType === 'adult')?.count).toBe(2);
    }
    const first = result.solutions[0];
    if (!first) throw new Error('no solution');
    const verified = await t.app.inject({
      method: 'POST',
      url: `/shopping/v2/flight/solutions/${first.id}/verification`,
      headers: bearer(token),
    });
    expect(verified.statusCode).toBe(200);
    expect(VerificationResult.parse(body(verified).data).outcome).toBe('confirmed');
  });

  it("keeps the priced solutions to the agency that asked: another agency's price check is a 404", async () => {
    const token = await login(t.app);
    const flight = await directFlight(token);
    const seg = flight.legs[0]?.segments[0];
    if (!seg) throw new Error('no segment');
    const res = await post(token, '/shopping/v2/flight/accurate-search', {
      segments: [
        {
          carrier: seg.marketingCarrier,
          flightNumber: seg.flightNumber,
          origin: seg.departure.airport,
          destination: seg.arrival.airport,
          date: seg.departure.time.slice(0, 10),
        },
      ],
      passengers: { adult: 1, child: 0, infant: 0 },
    });
    const id = AccurateSearchResult.parse(body(res).data).solutions[0]?.id ?? '';
    const partner = await login(t.app, 'partner');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/shopping/v2/flight/solutions/${id}/verification`,
      headers: bearer(partner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('names the flight that cannot be found on its date, and the ones that are sold', async () => {
    const token = await login(t.app);
    const flight = await directFlight(token);
    const seg = flight.legs[0]?.segments[0];
    if (!seg) throw new Error('no segment');
    const sold = {
      carrier: seg.marketingCarrier,
      flightNumber: seg.flightNumber,
      origin: seg.departure.airport,
      destination: seg.arrival.airport,
      date: seg.departure.time.slice(0, 10),
    };
    const missing = {
      carrier: 'MU',
      flightNumber: '9',
      origin: 'SHA',
      destination: 'PEK',
      date: daysAhead(60),
    };
    const res = await post(token, '/shopping/v2/flight/accurate-search', {
      segments: [sold, missing],
      passengers: { adult: 1, child: 0, infant: 0 },
    });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(400006);
    expect(AccurateFlightsNotFound.parse(body(res).data).flights).toEqual([
      { ...sold, found: true },
      { ...missing, found: false },
    ]);
  });
});
