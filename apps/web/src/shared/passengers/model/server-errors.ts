import type { FieldError } from '@portal/domain/envelope';
import { PASSENGER_RULE_KEYS, type PassengerRuleKey } from '@portal/domain/passenger-rules';
import { isApiError } from '../../api/api-error';

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
