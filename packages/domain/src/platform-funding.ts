import { z } from 'zod';
import { CURRENCIES } from './currency';
import { APPROVAL_TEXT_MAX } from './money-request-fields';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { MoneyJson } from './shopping';
import { CreditLimitBody, TopUpBody } from './wallet';

/**
 * Four-eyes money of the platform (`/platform/funding`): a platform admin asks to fund a top-level
 * agency (money received against a bank reference) or to set its credit limit; a DIFFERENT admin
 * approves, and only then does it post to the ledger. `docs/platform.md` tells the whole story.
 */
export const APPROVAL_KINDS = ['funding', 'credit'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What the caller may do with a request now: approve or reject (another admin), cancel (its requester). */
export const APPROVAL_ACTIONS = ['approve', 'reject', 'cancel'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Why an action is not offered to the caller (the screen explains it). */
export const APPROVAL_BLOCKS = ['ownRequest', 'notPending'] as const;
export type ApprovalBlock = (typeof APPROVAL_BLOCKS)[number];

/** Longest note of a request and reason of a rejection (in the zod-free module the forms read). */
export { APPROVAL_TEXT_MAX };

const Note = z.string().trim().max(APPROVAL_TEXT_MAX);
const AgencyId = z.number().int().positive();

/**
 * `POST /platform/v2/funding-requests`: the top-up of a top-level agency's wallet, with the fields
 * and rules of an agency's top-up of its sub-agency (`TopUpBody`: amount credited, exchange rate,
 * bank reference, amount received and fee), and a note for the approver.
 */
export const FundingRequestBody = TopUpBody.omit({ sendEmail: true }).extend({
  agencyId: AgencyId,
  note: Note.optional(),
});
export type FundingRequestBody = z.infer<typeof FundingRequestBody>;

/** `POST /platform/v2/credit-requests`: a top-level agency's new credit limit in a currency (0 removes it). */
export const CreditRequestBody = z.strictObject({
  agencyId: AgencyId,
  currency: z.enum(CURRENCIES),
  credit: CreditLimitBody.shape.credit,
  note: Note.optional(),
});
export type CreditRequestBody = z.infer<typeof CreditRequestBody>;

/** `POST /platform/v2/approvals/:id/rejection`: the reason is required. */
export const RejectionBody = z.strictObject({ reason: Note.min(1) });
export type RejectionBody = z.infer<typeof RejectionBody>;

export const ApprovalIdParams = z.strictObject({ id: z.uuid() });
export type ApprovalIdParams = z.infer<typeof ApprovalIdParams>;

/** A list's status filter: one status, or `decided` for every request no longer pending (the history). */
export const APPROVAL_STATUS_FILTERS = [...APPROVAL_STATUSES, 'decided'] as const;
export type ApprovalStatusFilter = (typeof APPROVAL_STATUS_FILTERS)[number];

/** `GET /platform/v2/approvals`: newest first, filtered by status, kind and agency. */
export const ApprovalListQuery = z.strictObject({
  status: z.enum(APPROVAL_STATUS_FILTERS).optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
  agencyId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ApprovalListQuery = z.infer<typeof ApprovalListQuery>;

/** A platform admin named on a request. */
export const ApprovalAdmin = z.object({ id: z.number().int(), username: z.string().nullable() });
export type ApprovalAdmin = z.infer<typeof ApprovalAdmin>;

/** One request, as every caller reads it, with what THIS caller may do with it. */
export const Approval = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  agencyId: z.number().int(),
  agencyName: z.string(),
  currency: z.enum(CURRENCIES),
  /** Funding: the amount credited to the wallet. */
  amount: MoneyJson.nullable(),
  /** Funding: what the bank received, in the currency paid in (as the top-up's meta keeps it). */
  amountReceived: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  transactionFeePercent: z.string().nullable(),
  reference: z.string().nullable(),
  /** Credit: the limit asked for. */
  creditLimit: MoneyJson.nullable(),
  note: z.string().nullable(),
  requestedBy: ApprovalAdmin,
  /** ISO 8601 UTC. */
  requestedAt: z.string(),
  decidedBy: ApprovalAdmin.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The journal entry the approval posted. */
  entryId: z.string().nullable(),
  allowedActions: z.array(z.enum(APPROVAL_ACTIONS)),
  /** Why approve and reject are not offered (own request, decided already), for the screen to say. */
  blockedBecause: z.enum(APPROVAL_BLOCKS).nullable(),
});
export type Approval = z.infer<typeof Approval>;

export const ApprovalList = pageOf(Approval);
export type ApprovalList = z.infer<typeof ApprovalList>;

/** A top-level agency the forms offer: its wallets' currency comes first from its settlement currency. */
export const AgencyOption = z.object({
  id: z.number().int(),
  name: z.string(),
  settlementCurrency: z.enum(CURRENCIES),
  /** Live (not suspended): a request for a suspended agency is refused. */
  active: z.boolean(),
});
export type AgencyOption = z.infer<typeof AgencyOption>;

/**
 * What a caller may do with a request, and why approve/reject are not offered: only a pending
 * request moves; its requester may cancel it but never approve or reject it (four-eyes).
 */
export function approvalActions(
  request: { status: ApprovalStatus; requestedBy: number },
  callerId: number,
): { allowedActions: ApprovalAction[]; blockedBecause: ApprovalBlock | null } {
  if (request.status !== 'pending') return { allowedActions: [], blockedBecause: 'notPending' };
  if (request.requestedBy === callerId) return { allowedActions: ['cancel'], blockedBecause: 'ownRequest' };
  return { allowedActions: ['approve', 'reject'], blockedBecause: null };
}
