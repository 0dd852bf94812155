import type { AfterSalesSelection } from '@portal/domain/after-sales';
import { validatePassenger } from '@portal/domain/passenger-rules';
import type { Solution } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import type { FlightOrderRow } from '../flight-orders/flight-orders.schema';

/**
 * The passenger and fare restriction checks of a booking (spec §5, `validatePassenger` as
 * `bookAtSupplier` runs it: age limits, document types, nationality, passenger type by age and
 * document expiry on the first departure) for every passenger a change moves onto `solution`'s
 * fare. A passenger refused that fare at booking is refused it on a change, with the booking's 400
 * PASSENGER_INVALID and its errors (`passengers.{i}.{field}`, `i` the passenger's place in the
 * order). Run before the supplier is asked and before anything is written or charged.
 */
export function assertPassengersFitFare(
  order: Pick<FlightOrderRow, 'passengers'>,
  selection: AfterSalesSelection,
  solution: Solution,
  now: Date,
): void {
  const today = now.toISOString().slice(0, 10);
  const first = solution.legs.flatMap((l) => l.segments)[0];
  const travelDate = first?.departure.time.slice(0, 10) ?? today;
  const chosen = new Set(selection.passengerIds);
  const errors = order.passengers.flatMap((p, i) =>
    chosen.has(p.id)
      ? validatePassenger(p, { today, travelDate, fare: solution.restrictions }).map((e) => ({
          path: `passengers.${i}.${e.path}`,
          message: e.key,
          key: e.key,
          ...(e.params ? { params: e.params } : {}),
        }))
      : [],
  );
  if (errors.length > 0) throw new AppError('PASSENGER_INVALID', undefined, { errors });
}
