import type { TFunction } from 'i18next';
import { validateJourneys, type JourneyError } from '@portal/domain/journey-rules';
import type { ServerJourneyError } from '../hooks/use-run-search';
import type { SearchFormValues } from './search-form';

/** Errors shown by the form: per leg (by index) and for the whole journey list. */
export interface FormErrors {
  legs: Record<number, string>;
  general: string[];
}

export const NO_ERRORS: FormErrors = { legs: {}, general: [] };

function add(errors: FormErrors, legIndex: number | undefined, text: string): void {
  if (legIndex === undefined) errors.general.push(text);
  else errors.legs[legIndex] = errors.legs[legIndex] ? `${errors.legs[legIndex]} ${text}` : text;
}

/** The text of one rule: the leg number first when the rule names a leg. */
export function journeyErrorText(t: TFunction, error: JourneyError): string {
  const text = t(error.key);
  return error.legIndex === undefined
    ? text
    : `${t('flight.booking.legLabel', { n: error.legIndex + 1 })}: ${text}`;
}

/** The domain journey rules (spec §5) plus the return-date order, as form errors; null when valid. */
export function checkForm(
  values: SearchFormValues,
  cityOf: (code: string) => string,
  t: TFunction,
): FormErrors | null {
  const errors: FormErrors = { legs: {}, general: [] };
  for (const error of validateJourneys(values.legs, cityOf))
    add(errors, error.legIndex, journeyErrorText(t, error));
  const first = values.legs[0];
  if (values.bookingType === 'roundtrip' && first && values.returnDate < first.date) {
    errors.general.push(t('flight.booking.returnBeforeDeparture'));
  }
  return Object.keys(errors.legs).length || errors.general.length ? errors : null;
}

/** A server JOURNEY_INVALID answer as form errors (`journeys.1.destination` goes to leg 2). */
export function serverErrors(list: ServerJourneyError[], t: TFunction): FormErrors {
  const errors: FormErrors = { legs: {}, general: [] };
  for (const { path, message } of list) {
    const match = /journeys[.[](\d+)/.exec(path);
    // The server may send a message key (the client translates) or a text.
    add(errors, match ? Number(match[1]) : undefined, t(message, { defaultValue: message }));
  }
  return errors;
}
