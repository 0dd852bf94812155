import { MAX_MULTI_CITY_LEGS } from './limits';
import { isCalendarDate, isCleanText } from './text-checks';

/*
 * The group request's limits and its check, without zod: the group booking pages check the draft
 * as it is typed with `checkGroupRequest`, the same rules as `CreateGroupOrderBody` in
 * `group-order.ts` (which re-exports these and which the API parses with);
 * `group-request.test.ts` checks that both find the same problems at the same places
 * (docs/performance/javascript-per-route.md).
 */

/** Spec §9: a group is at least ten travellers; the form starts with 10 adults and 10 children. */
export const GROUP_MIN_PASSENGERS = 10;
export const GROUP_MAX_PASSENGERS = 300;
export const GROUP_DEFAULT_PASSENGERS = { adult: 10, child: 10, infant: 0 } as const;
export const GROUP_REMARK_MAX = 500;
export const GROUP_CANCEL_REASON_MAX = 500;

/** One journey of a group request (spec §3 group booking), as the API takes it. */
export interface GroupRequestJourney {
  origin: string;
  destination: string;
  date: string;
  returnDate?: string | undefined;
  remark?: string | undefined;
}

/** `POST /order/v2/group/orders`: the group request, as `CreateGroupOrderBody` returns it. */
export interface GroupRequestBody {
  journeys: GroupRequestJourney[];
  /** "Dates may change". */
  isChangeDate: boolean;
  /** "Accept another flight". */
  acceptChangeFlight: boolean;
  passengers: { adult: number; child: number; infant: number };
}

/** A request as a form would send it: a missing date or count is `undefined`. */
export interface GroupRequestCandidate {
  journeys: {
    origin: string;
    destination: string;
    date?: string | undefined;
    returnDate?: string | undefined;
    remark?: string | undefined;
  }[];
  isChangeDate: boolean;
  acceptChangeFlight: boolean;
  passengers: { adult?: number | undefined; child?: number | undefined; infant?: number | undefined };
}

/**
 * Where a request is wrong (`['journeys', 0, 'destination']`, `['passengers', 'infant']`), in the
 * order the schema reports it. `stops` marks a problem after which the schema skips the rules
 * that compare fields (a missing or non-whole value).
 */
export interface GroupRequestIssue {
  path: (string | number)[];
  stops?: true;
}

export type GroupRequestCheck =
  { ok: true; body: GroupRequestBody } | { ok: false; issues: GroupRequestIssue[] };

const IATA_CODE = /^[A-Z]{3}$/;

function checkJourney(
  candidate: GroupRequestCandidate['journeys'][number],
  index: number,
  issues: GroupRequestIssue[],
): GroupRequestJourney {
  const at = (field: string, stops?: true): GroupRequestIssue =>
    stops ? { path: ['journeys', index, field], stops } : { path: ['journeys', index, field] };
  const own: GroupRequestIssue[] = [];
  const origin = candidate.origin.trim().toUpperCase();
  const destination = candidate.destination.trim().toUpperCase();
  if (!IATA_CODE.test(origin)) own.push(at('origin'));
  if (!IATA_CODE.test(destination)) own.push(at('destination'));
  const { date, returnDate } = candidate;
  if (date === undefined) own.push(at('date', true));
  else if (!isCalendarDate(date)) own.push(at('date'));
  if (returnDate !== undefined && !isCalendarDate(returnDate)) own.push(at('returnDate'));
  let remark = candidate.remark;
  if (remark !== undefined) {
    if (!isCleanText(remark)) own.push(at('remark'));
    else {
      remark = remark.trim();
      if (remark.length > GROUP_REMARK_MAX) own.push(at('remark'));
    }
  }
  // The schema compares the fields only when each has a value of its type.
  if (!own.some((issue) => issue.stops)) {
    if (origin === destination) own.push(at('destination'));
    if (returnDate !== undefined && date !== undefined && !(returnDate >= date)) own.push(at('returnDate'));
  }
  issues.push(...own);
  return {
    origin,
    destination,
    date: date ?? '',
    ...(returnDate !== undefined ? { returnDate } : {}),
    ...(remark !== undefined ? { remark } : {}),
  };
}

function checkPassengers(
  candidate: GroupRequestCandidate['passengers'],
  issues: GroupRequestIssue[],
): GroupRequestBody['passengers'] {
  const counts = {
    adult: candidate.adult ?? GROUP_DEFAULT_PASSENGERS.adult,
    child: candidate.child ?? GROUP_DEFAULT_PASSENGERS.child,
    infant: candidate.infant ?? GROUP_DEFAULT_PASSENGERS.infant,
  };
  const own: GroupRequestIssue[] = [];
  for (const field of ['adult', 'child', 'infant'] as const) {
    const count = counts[field];
    if (!Number.isSafeInteger(count)) own.push({ path: ['passengers', field], stops: true });
    else if (count < 0 || count > GROUP_MAX_PASSENGERS) own.push({ path: ['passengers', field] });
  }
  if (!own.some((issue) => issue.stops)) {
    const total = counts.adult + counts.child + counts.infant;
    if (total < GROUP_MIN_PASSENGERS) own.push({ path: ['passengers', 'adult'] });
    if (total > GROUP_MAX_PASSENGERS) own.push({ path: ['passengers', 'adult'] });
    if (counts.infant > counts.adult) own.push({ path: ['passengers', 'infant'] });
  }
  issues.push(...own);
  return counts;
}

/**
 * Checks a group request as `CreateGroupOrderBody` does: codes of three letters (any case, trimmed),
 * calendar dates, a return not before the outbound, a clean remark of at most 500 characters, one
 * to five journeys, whole counts between 10 and 300 travellers in all, no more infants than adults;
 * missing counts take the defaults. The body is what the schema would return.
 */
export function checkGroupRequest(candidate: GroupRequestCandidate): GroupRequestCheck {
  const issues: GroupRequestIssue[] = [];
  // Like the schema, too many journeys is the one thing said of them: it does not read them.
  const tooMany = candidate.journeys.length > MAX_MULTI_CITY_LEGS;
  const journeys = tooMany
    ? []
    : candidate.journeys.map((journey, index) => checkJourney(journey, index, issues));
  if (tooMany || journeys.length < 1) issues.push({ path: ['journeys'] });
  const passengers = checkPassengers(candidate.passengers, issues);
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    body: {
      journeys,
      isChangeDate: candidate.isChangeDate,
      acceptChangeFlight: candidate.acceptChangeFlight,
      passengers,
    },
  };
}
