/**
 * A fare's change and refund terms as structured data, the one source of every quote and of what
 * the screens show (the supplier's own wording stays beside them as text). Fees depend on the time
 * left before the ticket's departure, in four windows; each window allows the action or not and
 * sets its fee as a fixed amount plus a percent of the ticket's fare (taxes excluded). Without zod:
 * the order and booking pages read these; `fare-terms.ts` re-exports them beside its schemas.
 */

/** The windows before departure, from the earliest to the latest. */
export const FEE_WINDOWS = ['moreThan7Days', 'from2To7Days', 'within48Hours', 'afterDeparture'] as const;
export type FeeWindow = (typeof FEE_WINDOWS)[number];

const HOUR_MS = 3_600_000;

/** The window of an instant `at` before (or after) `departure`: >7 days, 2-7 days, <48 h, departed. */
export function feeWindowOf(departure: Date, at: Date): FeeWindow {
  const hours = (departure.getTime() - at.getTime()) / HOUR_MS;
  if (hours <= 0) return 'afterDeparture';
  if (hours < 48) return 'within48Hours';
  if (hours <= 7 * 24) return 'from2To7Days';
  return 'moreThan7Days';
}

/** What one window allows and costs. */
export interface WindowTerm {
  window: FeeWindow;
  allowed: boolean;
  /** Fixed part of the fee, minor units of the terms' currency. */
  amountMinor: number;
  /** Part of the fee as a percent of the ticket's fare (taxes excluded). */
  percentOfFare: number;
}

/** The change or refund terms of a fare. */
export interface ActionTerms {
  /** One entry per window of `FEE_WINDOWS`, in that order. */
  windows: WindowTerm[];
  /** The fee is charged per passenger (whole ticket) or per segment acted on. */
  per: 'passenger' | 'segment';
  /** The action closes this many hours before departure (e.g. 24 for online-only changes); null: no cut-off. */
  deadlineHours: number | null;
}

/** What a refund keeps besides its fee: nothing, or the whole fare (only taxes come back). */
export const REFUND_KEEPS = ['nothing', 'fare'] as const;
export type RefundKeeps = (typeof REFUND_KEEPS)[number];

/** The refund terms of a fare: the action's terms and what a refund keeps. */
export interface RefundTerms extends ActionTerms {
  keeps: RefundKeeps;
}

/** A fare's terms: the change terms, and the refund terms with what a refund keeps. */
export interface FareTerms {
  /** The currency of the fixed amounts (the supplier's, converted to the settlement currency when shown). */
  currency: string;
  change: ActionTerms;
  refund: RefundTerms;
}

/** Whether any window allows the action. */
export function actionAllowed(terms: ActionTerms): boolean {
  return terms.windows.some((w) => w.allowed);
}

/** A ticket as the terms price it: its fare and taxes (minor units of the terms' currency) and segments acted on. */
export interface TermTicket {
  fareMinor: number;
  taxesMinor: number;
  segments: number;
}

export type TermFee =
  | {
      allowed: true;
      window: FeeWindow;
      /** The rule's fee for this ticket. */
      feeMinor: number;
      /** What a refund keeps besides the fee (the fare of a taxes-only refund); 0 for a change. */
      keptMinor: number;
    }
  | {
      allowed: false;
      window: FeeWindow;
      /** `notAllowed`: the fare's rule forbids it in this window; `deadlinePassed`: after the cut-off. */
      reason: 'notAllowed' | 'deadlinePassed';
    };

/**
 * The fee of a change or refund of `ticket` asked at `at` for a departure at `departure`, under
 * `terms`: the window's fixed amount plus its percent of the fare (rounded half up to a minor
 * unit), per passenger or per segment; for a refund, the fee and what it keeps never exceed the
 * ticket's price. Pure: the same ticket, time and terms give the same fee.
 */
export function termFee(
  terms: ActionTerms & { keeps?: RefundKeeps },
  ticket: TermTicket,
  departure: Date,
  at: Date,
): TermFee {
  const window = feeWindowOf(departure, at);
  const term = terms.windows.find((w) => w.window === window);
  if (!term?.allowed) return { allowed: false, window, reason: 'notAllowed' };
  if (terms.deadlineHours !== null && departure.getTime() - at.getTime() < terms.deadlineHours * HOUR_MS) {
    return { allowed: false, window, reason: 'deadlinePassed' };
  }
  const units = terms.per === 'segment' ? Math.max(1, ticket.segments) : 1;
  const fee = (term.amountMinor + Math.round((ticket.fareMinor * term.percentOfFare) / 100)) * units;
  if (terms.keeps === undefined) return { allowed: true, window, feeMinor: fee, keptMinor: 0 };
  const price = ticket.fareMinor + ticket.taxesMinor;
  const kept = terms.keeps === 'fare' ? Math.min(ticket.fareMinor, price) : 0;
  return { allowed: true, window, feeMinor: Math.min(fee, price - kept), keptMinor: kept };
}

/** Terms with every fixed amount converted by `convert` (shown in the settlement currency). */
export function convertTerms(
  terms: FareTerms,
  currency: string,
  convert: (minor: number) => number,
): FareTerms {
  const windows = (list: WindowTerm[]) => list.map((w) => ({ ...w, amountMinor: convert(w.amountMinor) }));
  return {
    currency,
    change: { ...terms.change, windows: windows(terms.change.windows) },
    refund: { ...terms.refund, windows: windows(terms.refund.windows) },
  };
}

/** Terms of one kind in every window, for building a fare's terms. */
export function uniformWindows(
  allowed: boolean,
  fee: (window: FeeWindow) => { amountMinor?: number; percentOfFare?: number } = () => ({}),
): WindowTerm[] {
  return FEE_WINDOWS.map((window) => ({
    window,
    allowed,
    amountMinor: allowed ? (fee(window).amountMinor ?? 0) : 0,
    percentOfFare: allowed ? (fee(window).percentOfFare ?? 0) : 0,
  }));
}
