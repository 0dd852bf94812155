import { validatePassenger, type PassengerDraft, type RuleError } from '@portal/domain/passenger-rules';
import type { Solution } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import { localDate } from '../../platform/time-zones';

/** Rule errors as the API answers them, under `prefix` (`passengers.0`, `contact`, or none). */
export const ruleErrors = (
  prefix: string,
  errors: ReadonlyArray<Pick<RuleError, 'path' | 'params'> & { key: string }>,
) =>
  errors.map((e) => ({
    path: prefix ? `${prefix}.${e.path}` : e.path,
    message: e.key,
    key: e.key,
    ...(e.params ? { params: e.params } : {}),
  }));

/**
 * The passenger and fare restriction checks of spec §5 (`validatePassenger`: age limits, document
 * types, nationality, passenger type by age, document expiry) on the first departure of
 * `solution`, for each passenger at its place in the order: 400 PASSENGER_INVALID with every
 * error at `passengers.{index}.{field}`. Booking runs it on the new booking's passengers, a change
 * on the passengers it moves onto the new fare, both before any supplier call.
 */
export function assertPassengersFitFare(
  passengers: readonly { passenger: PassengerDraft; index: number }[],
  solution: Solution,
  now: Date,
  /** The agency's time zone: "today" (a birthday not after it) is the agency's calendar day. */
  agencyTimeZone: string,
): void {
  const today = localDate(now, agencyTimeZone);
  const travelDate = solution.legs.flatMap((l) => l.segments)[0]?.departure.time.slice(0, 10) ?? today;
  const errors = passengers.flatMap(({ passenger, index }) =>
    ruleErrors(
      `passengers.${index}`,
      validatePassenger(passenger, { today, travelDate, fare: solution.restrictions }),
    ),
  );
  if (errors.length > 0) throw new AppError('PASSENGER_INVALID', undefined, { errors });
}
