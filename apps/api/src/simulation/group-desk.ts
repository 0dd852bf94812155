import type { GroupQuoteFlight } from '@portal/domain/group-order';
import type { InstalmentKind } from '@portal/domain/group-order-status';
import type { BaggageRule, Cabin } from '@portal/domain/shopping';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../platform/envelope';
import { okResponse } from '../platform/schema';
import { addBusinessDays, scaledAfter } from '../modules/group-orders/index';
import type {
  DeskQuote,
  DeskQuoteAnswer,
  DeskSeatAnswer,
  GroupDesk,
  GroupDeskRequest,
} from '../modules/group-orders/index';
import { minorDigits } from '@portal/domain/currency-conversion';
import { hash32 } from './prng';

/**
 * The knobs of the simulated desk (tests and, with ENABLE_TEST_HOOKS, `POST /__test/group-desk`):
 * `quote` answers with quotes, `no_quote` with none (the order fails), `price_change` re-quotes
 * once when the seats are applied for (a higher price, new confirm-by); `noSeats` refuses seats.
 * `quotes` sets how many quotes (1 to 3; default 1 or 2 by the request).
 * `days` forces the answer delay in business days (1 or 2; default by the request).
 * `instalmentDays` sets when the three deposits and the final payment fall due, in days after the
 * quote (four increasing whole days; default 3, 7, 14 and 21).
 */
export const GroupDeskKnobs = z.strictObject({
  mode: z.enum(['quote', 'no_quote', 'price_change']).optional(),
  noSeats: z.boolean().optional(),
  quotes: z.number().int().min(1).max(3).optional(),
  days: z.number().int().min(1).max(2).optional(),
  instalmentDays: z
    .tuple([z.int().min(1).max(60), z.int().min(1).max(60), z.int().min(1).max(60), z.int().min(1).max(60)])
    .refine((days) => days.every((day, i) => i === 0 || day > (days[i - 1] ?? 0)), {
      message: 'Instalment days must increase',
    })
    .optional(),
});
export type GroupDeskKnobs = z.infer<typeof GroupDeskKnobs>;

const DAY_MS = 86_400_000;
/** After the quote: pick within 2 days; deposits due 3, 7 and 14 days on, the final payment 21. */
export const CONFIRM_WINDOW_MS = 2 * DAY_MS;
export const INSTALMENT_OFFSETS_MS: readonly number[] = [3 * DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 21 * DAY_MS];
/** The passenger list must be confirmed two days before the final payment is due. */
export const PASSENGER_LIST_BEFORE_FINAL_MS = 2 * DAY_MS;
/** Shares of the total: three deposits of 10, 20 and 20 %, the rest at the end. */
export const INSTALMENT_PERCENTS = [10, 20, 20] as const;
/** A price change moves fares up by this percent. */
export const PRICE_CHANGE_PERCENT = 8;

const AIRLINES = ['CA', 'MU', 'CZ', 'HU', 'CX', 'SQ'] as const;
const KINDS: readonly InstalmentKind[] = ['first', 'second', 'third', 'final'];

/** Splits `totalMinor` into the plan's amounts (deposits rounded down to whole units of the currency). */
export function splitPlan(totalMinor: number, currency: string): number[] {
  const unit = 10 ** minorDigits(currency);
  const deposits = INSTALMENT_PERCENTS.map((p) => Math.floor((totalMinor * p) / 100 / unit) * unit);
  return [...deposits, totalMinor - deposits.reduce((a, b) => a + b, 0)];
}

function buildQuote(
  req: GroupDeskRequest,
  seed: number,
  at: Date,
  timeScale: number,
  offsets: readonly number[],
): DeskQuote {
  const { request, currency } = req;
  const unit = 10 ** minorDigits(currency);
  const airline = AIRLINES[seed % AIRLINES.length] ?? 'CA';
  const cabin: Cabin = 'economy';
  const flights: GroupQuoteFlight[] = [];
  request.journeys.forEach((journey, index) => {
    const hour = 7 + ((seed >>> (index + 3)) % 12);
    // The number alone: the airline is its own field.
    const flight = (n: number) => String(100 + ((seed + n * 37) % 800));
    const time = (date: string, h: number) =>
      `${date}T${String(h).padStart(2, '0')}:${index % 2 ? '35' : '05'}`;
    flights.push({
      journey: index,
      airline,
      flightNumber: flight(index * 2),
      origin: journey.origin,
      destination: journey.destination,
      departure: time(journey.date, hour),
      arrival: time(journey.date, Math.min(hour + 3, 23)),
      cabin,
    });
    if (journey.returnDate) {
      flights.push({
        journey: index,
        airline,
        flightNumber: flight(index * 2 + 1),
        origin: journey.destination,
        destination: journey.origin,
        departure: time(journey.returnDate, 20 - (hour % 8)),
        arrival: time(journey.returnDate, Math.min(23, 23 - (hour % 8))),
        cabin,
      });
    }
  });
  const adultFare = (800 + (seed % 2200)) * flights.length * unit;
  const taxes = (90 + (seed % 60)) * flights.length * unit;
  const fares = (['adult', 'child', 'infant'] as const)
    .map((passengerType) => {
      const count = request.passengers[passengerType];
      const fareMinor =
        passengerType === 'adult'
          ? adultFare
          : passengerType === 'child'
            ? Math.round((adultFare * 0.75) / unit) * unit
            : Math.round((adultFare * 0.1) / unit) * unit;
      const taxesMinor = passengerType === 'infant' ? 0 : taxes;
      return { passengerType, count, fareMinor, taxesMinor };
    })
    .filter((f) => f.count > 0);
  const baggage: BaggageRule[] = fares.map((f) => ({
    passengerType: f.passengerType,
    carryOn: { pieces: f.passengerType === 'infant' ? 0 : 1, weightKg: 7, dimensions: null },
    checked: { pieces: f.passengerType === 'infant' ? 0 : 1, weightKg: 23, dimensions: null },
    paidBagPrice: null,
  }));
  return finishQuote(flights, fares, baggage, currency, at, timeScale, offsets);
}

/** Totals, confirm-by, passenger list deadline and instalment plan of a quote given at `at`. */
function finishQuote(
  flights: GroupQuoteFlight[],
  fares: DeskQuote['fares'],
  baggage: BaggageRule[],
  currency: string,
  at: Date,
  timeScale: number,
  offsets: readonly number[],
): DeskQuote {
  const totalMinor = fares.reduce((sum, f) => sum + (f.fareMinor + f.taxesMinor) * f.count, 0);
  const amounts = splitPlan(totalMinor, currency);
  const deadlines = offsets.map((ms) => scaledAfter(at, ms, timeScale));
  const finalDeadline = deadlines[3] ?? at;
  return {
    flights,
    fares,
    baggage,
    totalMinor,
    confirmBy: scaledAfter(at, CONFIRM_WINDOW_MS, timeScale),
    passengerListDeadline: new Date(
      finalDeadline.getTime() - Math.round(PASSENGER_LIST_BEFORE_FINAL_MS / Math.max(1, timeScale)),
    ),
    plan: KINDS.map((kind, i) => ({
      n: i + 1,
      kind,
      amountMinor: amounts[i] ?? 0,
      deadline: (deadlines[i] ?? at).toISOString(),
    })),
  };
}

/** The same flights at fares raised by `percent` (whole units of the currency), quoted anew at `at`. */
function raisedQuote(
  quote: DeskQuote,
  percent: number,
  currency: string,
  at: Date,
  timeScale: number,
  offsets: readonly number[],
): DeskQuote {
  const unit = 10 ** minorDigits(currency);
  const fares = quote.fares.map((f) => ({
    ...f,
    fareMinor: Math.ceil((f.fareMinor * (100 + percent)) / 100 / unit) * unit,
  }));
  return finishQuote(quote.flights, fares, quote.baggage, currency, at, timeScale, offsets);
}

/**
 * The simulated group desk: deterministic per request (its order id), answering in 1 or 2
 * business days of the agency's time zone, with 1 or 2 quotes, unless a knob says otherwise.
 */
export class SimulatedGroupDesk implements GroupDesk {
  readonly name = 'sim-group-desk';
  knobs: GroupDeskKnobs = {};
  /** Orders already re-quoted once under `price_change` (a re-quote is then granted). */
  private readonly requoted = new Set<string>();

  /** When the instalments fall due after a quote (a knob, or the defaults). */
  private offsets(): readonly number[] {
    return this.knobs.instalmentDays?.map((days) => days * DAY_MS) ?? INSTALMENT_OFFSETS_MS;
  }

  answerAt(req: GroupDeskRequest, at: Date): Date {
    const days = this.knobs.days ?? 1 + (hash32(req.orderId) % 2);
    return addBusinessDays(at, days, req.timeZone);
  }

  async quote(req: GroupDeskRequest, at: Date, timeScale: number): Promise<DeskQuoteAnswer> {
    if (this.knobs.mode === 'no_quote') return { kind: 'no_quote' };
    const seed = hash32(req.orderId);
    const count = this.knobs.quotes ?? 1 + (seed % 2);
    const quotes = Array.from({ length: count }, (_, i) =>
      buildQuote(req, hash32(`${req.orderId}/${i}`), at, timeScale, this.offsets()),
    );
    return { kind: 'quoted', quotes };
  }

  async applySeats(
    req: GroupDeskRequest,
    quote: DeskQuote,
    at: Date,
    timeScale: number,
  ): Promise<DeskSeatAnswer> {
    if (this.knobs.noSeats) return { kind: 'no_seats' };
    if (this.knobs.mode === 'price_change' && !this.requoted.has(req.orderId)) {
      this.requoted.add(req.orderId);
      return {
        kind: 'price_changed',
        quotes: [raisedQuote(quote, PRICE_CHANGE_PERCENT, req.currency, at, timeScale, this.offsets())],
      };
    }
    return { kind: 'granted' };
  }

  async issue(req: GroupDeskRequest, passengers: readonly { id: string }[]): Promise<string[][]> {
    const prefix = 781 + (hash32(req.orderId) % 100);
    return passengers.map((p, i) => [
      `${prefix}${String((hash32(`${req.orderId}/${p.id}`) % 9_000_000_000) + 1_000_000_000 + i)
        .padStart(10, '0')
        .slice(-10)}`,
    ]);
  }
}

/** With ENABLE_TEST_HOOKS: `POST/DELETE /__test/group-desk` set and clear the simulated desk's knobs. */
export async function groupDeskTestHookRoutes(
  fastify: FastifyInstance,
  { desk }: { desk: SimulatedGroupDesk },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['test-hooks'];
  app.post(
    '/__test/group-desk',
    {
      config: { access: 'public' },
      schema: { tags, body: GroupDeskKnobs, response: okResponse(GroupDeskKnobs) },
    },
    async (request) => {
      desk.knobs = request.body;
      return ok(request.body);
    },
  );
  app.delete(
    '/__test/group-desk',
    { config: { access: 'public' }, schema: { tags, response: okResponse(z.object({})) } },
    async () => {
      desk.knobs = {};
      return ok({});
    },
  );
}
