import type { TFunction } from 'i18next';
import { validateJourneys } from '@portal/domain/journey-rules';
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
export function journeyErrorText(t: TFunction, error: ServerJourneyError): string {
  const text = t(error.key, { defaultValue: t('shopping.error.journeyInvalid') });
  return error.legIndex === undefined
    ? text
    : `${t('flight.booking.legLabel', { n: error.legIndex + 1 })}: ${text}`;
}

/** What the form knows of the calendar and the places when it checks the rules. */
export interface FormRuleContext {
  /** Today in the user's calendar, `YYYY-MM-DD`. */
  today?: string;
  /** Whether a code is an airport; multi-city takes airports only. */
  isAirport?: (code: string) => boolean;
}

/**
 * The domain journey rules (spec §5, the ones the API runs too) plus the return-date order, as
 * form errors; null when valid.
 */
export function checkForm(
  values: SearchFormValues,
  cityOf: (code: string) => string,
  t: TFunction,
  { today, isAirport }: FormRuleContext = {},
): FormErrors | null {
  const errors: FormErrors = { legs: {}, general: [] };
  const rules = { today, isAirport: values.bookingType === 'multicity' ? isAirport : undefined };
  for (const error of validateJourneys(values.legs, cityOf, rules))
    add(errors, error.legIndex, journeyErrorText(t, error));
  const first = values.legs[0];
  if (values.bookingType === 'roundtrip' && first && values.returnDate < first.date) {
    errors.general.push(t('flight.booking.returnBeforeDeparture'));
  }
  return Object.keys(errors.legs).length || errors.general.length ? errors : null;
}

/**
 * A server JOURNEY_INVALID answer as form errors: each rule on its leg, or with the general errors
 * when it names no leg the form shows (a return trip's way back is leg 2 on the server).
 */
export function serverErrors(list: ServerJourneyError[], t: TFunction, legCount: number): FormErrors {
  const errors: FormErrors = { legs: {}, general: [] };
  for (const error of list) {
    const shown = error.legIndex !== undefined && error.legIndex < legCount;
    add(errors, shown ? error.legIndex : undefined, journeyErrorText(t, error));
  }
  return errors;
}
