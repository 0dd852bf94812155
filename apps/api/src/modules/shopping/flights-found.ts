import type { AccurateFlightsNotFound, Cabin, PassengerCounts } from '@portal/domain/shopping';
import type { ShoppingDeps } from './shopping.context';
import type { ExactFlight, FlightSupplier } from './suppliers/supplier';

/**
 * Which flights of an itinerary that found nothing are sold at all: each is asked for by itself,
 * from every supplier at once, so the agent reads which flight is missing on which date (or that
 * each exists but they are not sold together).
 */
export async function flightsFound(
  deps: ShoppingDeps,
  suppliers: readonly FlightSupplier[],
  flights: readonly ExactFlight[],
  request: { passengers: PassengerCounts; cabin: Cabin; boundMs: number },
): Promise<AccurateFlightsNotFound> {
  const answers = await Promise.all(
    flights.map(async (flight) => {
      const query = {
        legs: [{ origins: [flight.origin], destinations: [flight.destination], date: flight.date }],
        passengers: request.passengers,
        cabin: request.cabin,
        exact: [flight],
      };
      const outcomes = await Promise.all(suppliers.map((s) => deps.runner.ask(s, query, request.boundMs)));
      return { ...flight, found: outcomes.some((o) => o.offers.length > 0) };
    }),
  );
  return { flights: answers };
}
