import { z } from 'zod';

/**
 * The notes of an order's timeline, by stable key, with their English text (the API's `note`
 * fallback; `{name}` marks a parameter). The web writes them in the reader's language from
 * `orders.timelineNote.<key>`. A supplier's free-text reject reason is stored as it is.
 */
export const TIMELINE_NOTES = {
  ticketsIssued: 'tickets issued',
  ticketingFailed: 'ticketing failed at the supplier',
  moneyReturned: 'money returned to the wallet',
  moneyReturnedToCard: 'money going back to the card through {channel}',
  purchasedExtrasReturned:
    'seats and bags bought after issue go back the way they were paid: {currency} {amount} (order {bookingNumbers})',
  paymentDeadlinePassed: 'payment deadline passed',
  canceledByUser: 'canceled by the user',
  paidWith: 'paid with {channel}',
  refundQuoted: 'refund quoted by the supplier',
  refundConfirmed: 'refund confirmed by the user',
  confirmationDeadlinePassed: 'confirmation deadline passed',
  refundFailed: 'the supplier did not refund',
  refundedBySupplier: 'refunded by the supplier',
  voidFailed: 'the supplier did not void',
  voidedBySupplier: 'voided by the supplier',
  changeRejected: 'change rejected by the supplier',
  changeApproved: 'change approved by the supplier',
  changeApprovedNothingToPay: 'change approved by the supplier, nothing to pay',
  ticketsReissued: 'tickets reissued',
  reissueHeld: 'reissue held by the airline',
  reissueFailed: 'reissue failed at the supplier',
  scheduleChange: 'Schedule change: {flight} now departs {departs}',
  flightRestored: 'Flight restored: {flight}, departs {departs}',
  flightCanceledUnprotected: 'Flight canceled by the airline: {flight}, no protection offered',
  flightCanceledProtected: 'Flight canceled by the airline: {flight}, protected on {protectedFlight}',
  protectedFlightAccepted: 'Protected flight accepted: {protectedFlight} instead of {flight}',
  refundInsteadOfProtection: 'Refund asked instead of the protected flight: refund order {bookingNumber}',
  duplicateBookingConfirmed: 'Booked although it may duplicate {bookingNumbers}; reason: {reason}',
  refundedOutsidePortal:
    '{amount} {currency} refunded to the card in the {channel} dashboard, outside the portal; the order is unchanged',
  disputeOpened: 'The card holder disputed the payment ({reason}): {amount} {currency}',
  disputeFundsWithdrawn: '{channel} withdrew {amount} {currency} for the dispute',
  disputeFundsReinstated:
    '{channel} reinstated {amount} {currency}: the dispute was decided for the platform',
  disputeWon: 'Dispute won',
  disputeLost: 'Dispute lost: the card holder keeps {amount} {currency}',
} as const;

export type TimelineNoteKey = keyof typeof TIMELINE_NOTES;
export const TIMELINE_NOTE_KEYS = Object.keys(TIMELINE_NOTES) as [TimelineNoteKey, ...TimelineNoteKey[]];

export const TimelineNoteParams = z.record(z.string(), z.string());
export type TimelineNoteParams = z.infer<typeof TimelineNoteParams>;

/** A note of a catalogue (`K`, its keys) with its values; or a supplier's own words, kept as they are. */
export type KeyedNote<K extends string> = { key: K; params?: TimelineNoteParams } | { supplierText: string };

/** A flight order's note: a known note with its values, or a supplier's own words. */
export type TimelineNote = KeyedNote<TimelineNoteKey>;

/** A note's English text: `template` with each `{name}` replaced by its value (kept when none). */
export function fillNote(template: string, params: TimelineNoteParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** Stored form in `order_events.note`: `note:<key>`, then ` <JSON params>` when there are values. */
const PREFIX = 'note:';

export function encodeTimelineNote(note: TimelineNote): string {
  if ('supplierText' in note) return note.supplierText;
  const params = note.params && Object.keys(note.params).length > 0 ? ` ${JSON.stringify(note.params)}` : '';
  return `${PREFIX}${note.key}${params}`;
}

const isKey = (key: string): key is TimelineNoteKey => Object.hasOwn(TIMELINE_NOTES, key);

/** The key and values of a stored note; null for free text (old rows, supplier reasons). */
export function decodeTimelineNote(
  stored: string | null,
): { key: TimelineNoteKey; params: TimelineNoteParams } | null {
  if (!stored?.startsWith(PREFIX)) return null;
  const body = stored.slice(PREFIX.length);
  const space = body.indexOf(' ');
  const key = space < 0 ? body : body.slice(0, space);
  if (!isKey(key)) return null;
  if (space < 0) return { key, params: {} };
  try {
    const parsed = TimelineNoteParams.safeParse(JSON.parse(body.slice(space + 1)));
    return parsed.success ? { key, params: parsed.data } : null;
  } catch {
    return null;
  }
}

/** The English text of a note (the API's `note` beside its key). */
export function timelineNoteText(key: TimelineNoteKey, params: TimelineNoteParams = {}): string {
  return fillNote(TIMELINE_NOTES[key], params);
}

/** A timeline entry's note as the API presents it: English text, key and values. */
export function presentTimelineNote(stored: string | null): {
  note: string | null;
  noteKey: TimelineNoteKey | null;
  noteParams: TimelineNoteParams | null;
} {
  const decoded = decodeTimelineNote(stored);
  if (!decoded) return { note: stored, noteKey: null, noteParams: null };
  return {
    note: timelineNoteText(decoded.key, decoded.params),
    noteKey: decoded.key,
    noteParams: decoded.params,
  };
}
