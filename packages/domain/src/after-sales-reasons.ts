/*
 * The after-sales reasons and disruption kinds the order pages show, without zod: the dialogs'
 * reasons and their rules, whether a change is offered, the supporting documents' limits, the
 * disruption types and statuses and their i18n keys. `after-sales.ts` (and `disruptions.ts`), which re-export them, hold the schemas.
 */

/**
 * Refund reasons of spec §9: values 0-7; value 2 has four sub-options, 3 and 6 one each. The spec
 * gives the values, not their words; the labels are this product's design (`docs/after-sales.md`).
 * `involuntary` reasons are the airline's doing: the supplier charges no refund fee for them.
 */
export const REFUND_REASONS = [
  { value: 0, involuntary: false, subOptions: [] }, // change of plans (voluntary)
  { value: 1, involuntary: false, subOptions: [] }, // duplicate or mistaken booking
  { value: 2, involuntary: true, subOptions: ['schedule_change', 'cancellation', 'delay', 'downgrade'] },
  { value: 3, involuntary: false, subOptions: ['medical_certificate'] }, // illness
  { value: 4, involuntary: false, subOptions: [] }, // visa refused
  { value: 5, involuntary: false, subOptions: [] }, // name or document error
  { value: 6, involuntary: true, subOptions: ['death_certificate'] }, // death of the traveller or kin
  { value: 7, involuntary: false, subOptions: [] }, // other
] as const;
export type RefundReasonValue = (typeof REFUND_REASONS)[number]['value'];
export const REFUND_REASON_VALUES = REFUND_REASONS.map((r) => r.value);

/** The involuntary refund reason a disruption's refund uses (airline cancellation, no supplier fee). */
export const DISRUPTION_REFUND_REASON = { value: 2, subOption: 'cancellation' } as const;

/** Change reasons of spec §9: values 0, 1 and 3 (0 voluntary, 1 airline schedule change, 3 other). */
export const CHANGE_REASONS = [
  { value: 0, involuntary: false },
  { value: 1, involuntary: true },
  { value: 3, involuntary: false },
] as const;
export type ChangeReasonValue = (typeof CHANGE_REASONS)[number]['value'];

/** i18n key of a refund reason (`afterSales.refundReason.2`) or its sub-option (`...2.delay`). */
export function refundReasonKey(value: number, subOption?: string | null): string {
  return subOption ? `afterSales.refundReason.${value}.${subOption}` : `afterSales.refundReason.${value}`;
}

export function changeReasonKey(value: number): string {
  return `afterSales.changeReason.${value}`;
}

export function isInvoluntaryRefund(value: number): boolean {
  return REFUND_REASONS.find((r) => r.value === value)?.involuntary === true;
}

/**
 * Whether a refund with reason `value` needs a supporting document: an involuntary reason on a
 * booking where the supplier recorded no disruption or schedule change (on the order or an order
 * it was changed from). Such a claim is the agent's word only: the desk reviews it with the
 * document and decides the amount; with a disruption on record it is refunded as involuntary.
 */
export function involuntaryRefundNeedsDocument(value: number, disruptionOnRecord: boolean): boolean {
  return isInvoluntaryRefund(value) && !disruptionOnRecord;
}

/** Whether a change reason is the airline's doing (value 1, schedule change: no supplier change fee). */
export function isInvoluntaryChange(value: number): boolean {
  return CHANGE_REASONS.find((r) => r.value === value)?.involuntary === true;
}

/**
 * Whether a change with reason `value` may be asked: the involuntary reason (airline schedule
 * change) only on a booking where the supplier recorded a disruption or schedule change (on the
 * order or an order it was changed from); it waives the change fee, so the agent's word alone is
 * not enough. Voluntary reasons always.
 */
export function involuntaryChangeAllowed(value: number, disruptionOnRecord: boolean): boolean {
  return !isInvoluntaryChange(value) || disruptionOnRecord;
}

/** The states of the fare's own terms for a voluntary change or refund (`VoluntaryState`). */
export const VOLUNTARY_STATES = ['open', 'notAllowed', 'deadlinePassed'] as const;

/**
 * Whether a change can be asked at all: a voluntary reason while the fare's terms allow one, or
 * the airline's reason with a disruption on record. When neither, the screens offer no Change.
 */
export function changeOffered(
  voluntary: (typeof VOLUNTARY_STATES)[number] | undefined,
  disruptionOnRecord: boolean,
): boolean {
  return voluntary === undefined || voluntary === 'open' || disruptionOnRecord;
}

/** Disruption types of spec §3. */
export const DISRUPTION_TYPES = ['change', 'cancel_unprotected', 'cancel_protected', 'restore'] as const;
export type DisruptionType = (typeof DISRUPTION_TYPES)[number];

/** open -> acknowledged; a protected cancellation then -> accepted | refund_requested. */
export const DISRUPTION_STATUSES = ['open', 'acknowledged', 'accepted', 'refund_requested'] as const;
export type DisruptionStatus = (typeof DISRUPTION_STATUSES)[number];

/** Supporting documents (spec §5): jpg, png or PDF, at most 2 MB each and 5 files. */
export const SUPPORTING_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const SUPPORTING_DOCUMENT_MAX_FILES = 5;
export const SUPPORTING_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type SupportingDocumentType = (typeof SUPPORTING_DOCUMENT_TYPES)[number];
