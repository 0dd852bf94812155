import { describe, expect, it } from 'vitest';
import { CreateGroupOrderBody } from '@portal/domain/group-order';
import type { DeskQuote } from '../modules/group-orders/index';
import { GroupDeskKnobs, SimulatedGroupDesk } from './group-desk';

const DAY = 86_400_000;
const AT = new Date('2026-11-23T02:00:00Z');
const REQUEST = {
  orderId: 'G-desk-test',
  request: CreateGroupOrderBody.parse({
    journeys: [{ origin: 'PEK', destination: 'CAN', date: '2027-01-20' }],
    passengers: { adult: 10, child: 0, infant: 0 },
  }),
  currency: 'CNY',
  timeZone: 'Asia/Shanghai',
};

async function quoteWith(knobs: GroupDeskKnobs): Promise<DeskQuote> {
  const desk = new SimulatedGroupDesk();
  desk.knobs = knobs;
  const answer = await desk.quote(REQUEST, AT, 1);
  if (answer.kind !== 'quoted' || !answer.quotes[0]) throw new Error('no quote');
  return answer.quotes[0];
}

const daysAfterQuote = (quote: DeskQuote) =>
  quote.plan.map((instalment) => (new Date(instalment.deadline).getTime() - AT.getTime()) / DAY);

describe('the simulated group desk', () => {
  it('puts the deposits 3, 7 and 14 days after the quote and the final payment at 21', async () => {
    expect(daysAfterQuote(await quoteWith({}))).toEqual([3, 7, 14, 21]);
  });

  it('moves the deadlines when a knob says so, and refuses days that do not increase', async () => {
    expect(daysAfterQuote(await quoteWith({ instalmentDays: [1, 2, 5, 8] }))).toEqual([1, 2, 5, 8]);
    expect(GroupDeskKnobs.safeParse({ instalmentDays: [1, 3, 3, 8] }).success).toBe(false);
  });

  it('gives a flight number without its airline, which is a field of its own', async () => {
    for (const flight of (await quoteWith({})).flights) {
      expect(flight.airline).toMatch(/^[A-Z0-9]{2}$/);
      expect(flight.flightNumber).toMatch(/^\d{3,4}$/);
    }
  });
});
