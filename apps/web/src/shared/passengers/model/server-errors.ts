import type { TFunction } from 'i18next';
import type { FieldError } from '@portal/domain/envelope';
import { PASSENGER_RULE_KEYS, type PassengerRuleKey } from '@portal/domain/passenger-checks';
import { isApiError } from '../../api/api-error';
import { ruleMessageKey } from './passenger-form';

/** The field errors (`data.errors`) of a failed call, or [] when it has none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error)) return [];
  const errors = (error.data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldError =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as FieldError).path === 'string' &&
      typeof (e as FieldError).message === 'string',
  );
}

/** True when the API's message is one of the passenger rule keys (the client translates those). */
export function isPassengerRuleKey(message: string): message is PassengerRuleKey {
  return (PASSENGER_RULE_KEYS as readonly string[]).includes(message);
}

/**
 * A field error of a refused booking: a passenger rule the server checked (`key` and `params`,
 * PASSENGER_INVALID), or a check of the request's shape (`message`, ILLEGAL_INPUT: the server's
 * own words, already in the user's language, or a passenger rule key).
 */
export interface BookingFieldError {
  path: string;
  key?: string;
  params?: Record<string, string | number>;
  message?: string;
}

/** What a booking field error says to the user; never a bare i18n key. */
export function bookingErrorText(t: TFunction, error: BookingFieldError, fallback: string): string {
  if (error.key !== undefined && isPassengerRuleKey(error.key)) {
    return t(ruleMessageKey({ key: error.key }), error.params);
  }
  if (error.message !== undefined && isPassengerRuleKey(error.message)) {
    return t(ruleMessageKey({ key: error.message }));
  }
  return error.message || fallback;
}
