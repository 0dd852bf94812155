import {
  checkGroupRequest,
  GROUP_MAX_PASSENGERS,
  GROUP_MIN_PASSENGERS,
  type GroupRequestBody,
  type GroupRequestCandidate,
} from '@portal/domain/group-request';
import { validateJourneys, type JourneyErrorKey } from '@portal/domain/journey-rules';
import type { GroupDraft } from './draft-store';

/** A field error: the form path (`journeys.0.destination`) and its text's i18n key and values. */
export interface FieldError {
  path: string;
  key: string;
  values?: Record<string, number>;
}

export type ValidationResult = { ok: true; body: GroupRequestBody } | { ok: false; errors: FieldError[] };

/** The body the draft would send: empty fields go as nothing, so the check calls them missing. */
function candidate(draft: GroupDraft): GroupRequestCandidate {
  return {
    journeys: draft.journeys.map((j) => ({
      origin: j.origin ?? '',
      destination: j.destination ?? '',
      date: j.date ?? undefined,
      returnDate: j.returnDate ?? undefined,
      remark: j.remark.trim() ? j.remark : undefined,
    })),
    isChangeDate: draft.isChangeDate,
    acceptChangeFlight: draft.acceptChangeFlight,
    passengers: {
      adult: draft.passengers.adult ?? undefined,
      child: draft.passengers.child ?? undefined,
      infant: draft.passengers.infant ?? undefined,
    },
  };
}

function journeyError(draft: GroupDraft, index: number, field: string): FieldError {
  const path = `journeys.${index}.${field}`;
  const journey = draft.journeys[index];
  switch (field) {
    case 'origin':
      return { path, key: 'groupOrders.form.originRequired' };
    case 'destination':
      return journey?.destination && journey.destination === journey.origin
        ? { path, key: 'groupOrders.form.sameAsOrigin' }
        : { path, key: 'groupOrders.form.destinationRequired' };
    case 'date':
      return { path, key: 'groupOrders.form.dateRequired' };
    case 'returnDate':
      return { path, key: 'groupOrders.form.returnBeforeDate' };
    default:
      return { path, key: 'groupOrders.form.remarkInvalid' };
  }
}

function passengersError(draft: GroupDraft, field: string): FieldError {
  const { adult, child, infant } = draft.passengers;
  const path = `passengers.${field}`;
  if (adult === null || child === null || infant === null) {
    return { path, key: 'groupOrders.form.countRequired' };
  }
  if (field === 'infant' && infant > adult) return { path, key: 'groupOrders.form.infantPerAdult' };
  const total = adult + child + infant;
  if (total > GROUP_MAX_PASSENGERS) {
    return { path, key: 'groupOrders.form.maxPassengers', values: { max: GROUP_MAX_PASSENGERS } };
  }
  return { path, key: 'groupOrders.form.minPassengers', values: { min: GROUP_MIN_PASSENGERS } };
}

/** What the journey rules of spec §5 need beyond the draft: city codes and today's date. */
export interface JourneyContext {
  /** An airport's city code (PKX -> BJS) for the same-city rule; the code itself when unknown. */
  cityOf: (code: string) => string;
  /** `YYYY-MM-DD` in the user's calendar. */
  today: string;
}

/** The spec §5 journey rules the request rules do not know, with the field each one marks. */
const JOURNEY_RULE_FIELDS: Partial<Record<JourneyErrorKey, string>> = {
  'order.flight.booking.journeyError.rules': 'destination',
  'flight.booking.journeyError.datePast': 'date',
  'flight.booking.journeyError.dateOrder': 'date',
};

function journeyRuleErrors(draft: GroupDraft, context: JourneyContext): FieldError[] {
  return validateJourneys(draft.journeys, context.cityOf, { today: context.today }).flatMap((error) => {
    const field = JOURNEY_RULE_FIELDS[error.key];
    return field && error.legIndex !== undefined
      ? [{ path: `journeys.${error.legIndex}.${field}`, key: error.key }]
      : [];
  });
}

/**
 * Checks the draft with the domain's request rules (`checkGroupRequest`, the same as the API's schema) and, with a
 * context, the journey rules of spec §5 (not the same city, not in the past, in date order); one
 * localized message per field.
 */
export function validateDraft(draft: GroupDraft, context?: JourneyContext): ValidationResult {
  const checked = checkGroupRequest(candidate(draft));
  const ruleErrors = context ? journeyRuleErrors(draft, context) : [];
  if (checked.ok && ruleErrors.length === 0) return { ok: true, body: checked.body };
  const errors = new Map<string, FieldError>(ruleErrors.map((error) => [error.path, error]));
  const issues = checked.ok ? [] : checked.issues;
  for (const issue of issues) {
    const [head, second, third] = issue.path.map(String);
    let error: FieldError;
    if (head === 'journeys' && second !== undefined && third !== undefined) {
      error = journeyError(draft, Number(second), third);
    } else if (head === 'journeys') {
      error = { path: 'journeys', key: 'groupOrders.form.journeysInvalid' };
    } else {
      error = passengersError(draft, second ?? 'adult');
    }
    if (!errors.has(error.path)) errors.set(error.path, error);
  }
  return { ok: false, errors: [...errors.values()] };
}
