import {
  REFUND_REASONS,
  SUPPORTING_DOCUMENT_MAX_BYTES,
  SUPPORTING_DOCUMENT_MAX_FILES,
  SUPPORTING_DOCUMENT_TYPES,
} from '@portal/domain/after-sales-reasons';
import { ERRORS } from '@portal/domain/errors';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Segment } from '@portal/domain/shopping';

/**
 * Why the fare's terms refuse a voluntary `kind` now (the message key and its values), or null
 * when they allow one (or the order does not say): the dialogs disable the voluntary reasons
 * with it under the field, as the API would refuse them.
 */
export function voluntaryRefusal(
  order: Pick<FlightOrder, 'voluntaryAfterSales' | 'fareRules'>,
  kind: 'change' | 'refund',
): { key: string; values: Record<string, number> } | null {
  const state = order.voluntaryAfterSales?.[kind];
  if (state === undefined || state === 'open') return null;
  if (kind === 'refund') return { key: ERRORS.REFUND_NOT_ALLOWED.key, values: {} };
  if (state === 'deadlinePassed') {
    const hours = order.fareRules?.terms?.change.deadlineHours ?? 0;
    return { key: ERRORS.CHANGE_DEADLINE_PASSED.key, values: { hours } };
  }
  return { key: ERRORS.CHANGE_NOT_ALLOWED.key, values: {} };
}

/** The sub-options of a refund reason (empty for the reasons without). */
export function refundSubOptions(value: number | undefined): readonly string[] {
  return REFUND_REASONS.find((reason) => reason.value === value)?.subOptions ?? [];
}

/** A segment of the order's flattened list with its index and the leg it belongs to. */
export interface IndexedSegment {
  index: number;
  legIndex: number;
  segment: Segment;
}

/** The order's segments with the leg (journey) of each, as the order names them (`segmentLegs`). */
export function indexSegments(
  segments: readonly Segment[],
  segmentLegs: readonly number[],
): IndexedSegment[] {
  return segments.map((segment, index) => ({ index, legIndex: segmentLegs[index] ?? 0, segment }));
}

/** `CA1501 PEK-SHA 2026-12-01 08:30` */
export function segmentLabel(segment: Segment): string {
  return `${segment.marketingCarrier}${segment.flightNumber} ${segment.departure.airport}-${segment.arrival.airport} ${segment.departure.time.replace('T', ' ').slice(0, 16)}`;
}

/** Why a supporting document is refused before it is sent; the server checks the content again. */
export type DocumentProblem = 'type' | 'count';

const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/**
 * Checks a file the agent picks against spec §5 (jpg, png or PDF, at most 2 MB, at most 5 files
 * with the ones already kept): by its declared type and name only, as the browser knows no more.
 */
export function documentProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  alreadyKept: number,
): DocumentProblem | null {
  if (alreadyKept >= SUPPORTING_DOCUMENT_MAX_FILES) return 'count';
  const typeOk =
    (SUPPORTING_DOCUMENT_TYPES as readonly string[]).includes(file.type) && EXTENSIONS.test(file.name);
  if (!typeOk || file.size > SUPPORTING_DOCUMENT_MAX_BYTES || file.size === 0) return 'type';
  return null;
}

/** What the upload field's `accept` offers. */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
