import { z } from 'zod';
import {
  FEE_WINDOWS,
  REFUND_KEEPS,
  type ActionTerms as ActionTermsShape,
  type FareTerms as FareTermsShape,
  type WindowTerm as WindowTermShape,
} from './fare-term-rules';

/**
 * The schemas of a fare's change and refund terms. The terms, their windows and fees are in
 * `fare-term-rules.ts` without zod (the order and booking pages read them), re-exported here.
 */
export {
  actionAllowed,
  convertTerms,
  FEE_WINDOWS,
  feeWindowOf,
  REFUND_KEEPS,
  termFee,
  uniformWindows,
  type FeeWindow,
  type RefundKeeps,
  type RefundTerms,
  type TermFee,
  type TermTicket,
} from './fare-term-rules';

/** What one window allows and costs. */
export const WindowTerm = z.object({
  window: z.enum(FEE_WINDOWS),
  allowed: z.boolean(),
  /** Fixed part of the fee, minor units of the terms' currency. */
  amountMinor: z.number().int().min(0),
  /** Part of the fee as a percent of the ticket's fare (taxes excluded). */
  percentOfFare: z.number().min(0).max(100),
}) satisfies z.ZodType<WindowTermShape>;
export type WindowTerm = z.infer<typeof WindowTerm>;

/** The change or refund terms of a fare. */
export const ActionTerms = z.object({
  /** One entry per window of `FEE_WINDOWS`, in that order. */
  windows: z.array(WindowTerm).length(FEE_WINDOWS.length),
  /** The fee is charged per passenger (whole ticket) or per segment acted on. */
  per: z.enum(['passenger', 'segment']),
  /** The action closes this many hours before departure (e.g. 24 for online-only changes); null: no cut-off. */
  deadlineHours: z.number().int().min(0).nullable(),
}) satisfies z.ZodType<ActionTermsShape>;
export type ActionTerms = z.infer<typeof ActionTerms>;

export const FareTerms = z.object({
  /** The currency of the fixed amounts (the supplier's, converted to the settlement currency when shown). */
  currency: z.string().length(3),
  change: ActionTerms,
  refund: ActionTerms.extend({ keeps: z.enum(REFUND_KEEPS) }),
}) satisfies z.ZodType<FareTermsShape>;
export type FareTerms = z.infer<typeof FareTerms>;
