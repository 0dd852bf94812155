import type { TFunction } from 'i18next';
import type { OrderPassenger } from '@portal/domain/flight-order';
import {
  bookingErrorText,
  fieldErrorsOf,
  type BookingFieldError,
} from '../../../shared/passengers/model/server-errors';

/**
 * Why a change request was refused field by field (400 PASSENGER_INVALID: the new fare's passenger
 * rules, paths `passengers.{i}.{field}` by the order's passengers), each in the user's language and
 * named by its passenger; [] for a refusal without field errors.
 */
export function changeErrorDetails(
  t: TFunction,
  error: unknown,
  passengers: readonly OrderPassenger[],
): string[] {
  return fieldErrorsOf(error).map((e) => {
    const text = bookingErrorText(t, e as BookingFieldError, e.message);
    const index = /^passengers\.(\d+)\./.exec(e.path)?.[1];
    const passenger = index === undefined ? undefined : passengers[Number(index)];
    return passenger ? `${passenger.surname}/${passenger.given_names}: ${text}` : text;
  });
}
