import type { PaymentChannel } from '@portal/domain/payment';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { MarkupLeg } from '@portal/domain/wallet-markup';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import type { PaymentKind } from '../wallet/index';

/**
 * The payable port: what the one payment path (balance in `pay-order.ts`, outside providers in
 * `gateway-payment.ts` and `notification.ts`) needs of an order kind. Each order kind implements
 * it beside its own use cases (flight orders and their changes in flight-orders, group
 * instalments in group-orders, train orders in train-orders); payments imports none of them.
 */

/** How the ledger enters one payment: the posting recipe of an order kind. */
export interface PostingRecipe {
  /** The entry kind (unique per ledger order id and kind: a second payment is refused). */
  kind: PaymentKind;
  /** The order id the entry is booked under (a group instalment has its own). */
  ledgerOrderId: string;
  /** The entry's words (a capture's get the channel appended). */
  description: string;
  /** A balance entry's reference (the booking number); a capture's is the provider's number. */
  reference: string;
  /** What each ancestor agency earns on the order (leg `markup`); the rest goes to supplier payable. */
  markupLegs: readonly MarkupLeg[];
}

/** How a payment was taken, as the order kind records it. */
export interface PaidWith {
  channel: PaymentChannel;
  /** `ledger-<entry>` for a balance payment, the provider's transaction number for a capture. */
  reference: string;
  ledgerEntryId: number;
}

/** What a gateway payment pays, as the `order_payments` row keeps it. */
export type PaymentTarget =
  { kind: 'flight'; orderId: string } | { kind: 'group-instalment'; orderId: string; n: number };
export type CapturableKind = PaymentTarget['kind'];

/**
 * An order that may be paid now (its checks passed), with what paying it takes and does. `R` is
 * what the order kind answers once paid (its order row).
 */
export interface PaymentDue<R> {
  agencyId: number;
  amountMinor: number;
  currency: string;
  /** The order's (or instalment's) payment deadline: a gateway payment never outlives it. */
  deadline: Date | null;
  /** Where a gateway payment of it is stored; none: it is paid from the balance only. */
  target?: PaymentTarget;
  /** What the payer sees at the provider (booking number). */
  checkoutText: string;
  posting: PostingRecipe;
  /** After the money is entered, in the same transaction: the order moved on, its jobs queued. */
  paid(tx: Db, paidWith: PaidWith, now: Date): Promise<R>;
  /**
   * `paid` of a kind that keeps nothing of the ledger entry (neither its id nor its reference), so
   * that it may run before the entry: a balance payment then moves the order on and reads its
   * answer first, and posts the entry last. The posting locks the agency's wallet rows until
   * commit, and every balance payment of the agency queues on them: they are held for the
   * posting alone, not for the order's statements too. Without it, `paid` runs after the entry.
   */
  moveOn?(tx: Db, channel: PaymentChannel, now: Date): Promise<R>;
}

/** One order kind's payable, for the caller's order `key`. */
export interface Payable<Key, R> {
  /** The channels this kind may be paid with at all ('any': every channel the agency offers). */
  readonly channels: 'any' | readonly PaymentChannel[];
  /**
   * The caller's order `key` with what paying it now takes: visible to the user (else 404
   * ORDER_NOT_FOUND), payable now by the kind's action table (else 409 ILLEGAL_TRANSITION,
   * 410 PAYMENT_EXPIRED, or the kind's own refusal). Its row is locked unless `lock` is false (a
   * read-only check with no transaction open, before a provider is asked).
   */
  due(tx: Db, ctx: RequestContext, key: Key, now: Date, options: { lock: boolean }): Promise<PaymentDue<R>>;
}

/** What a captured payment's order answers when the capture arrives (its row locked). */
export interface CaptureCheck {
  /** What the order takes now from the capture; undefined when it cannot take money. */
  due: PaymentDue<unknown> | undefined;
  /** The order's status now (recorded with a late capture). */
  orderStatus: string;
}

/** The capture side of a payable whose payments an outside provider may take. */
export interface Capturable {
  /** Locks the target's order and checks it may take a capture now (the kind's deadline rule). */
  checkCapture(tx: Db, target: PaymentTarget, now: Date): Promise<CaptureCheck>;
  /** The status of the target's order now (locked), 'unknown' without one. */
  orderStatus(tx: Db, target: PaymentTarget): Promise<string>;
  /** Whether `ctx` may see the target's order (then it may see its payments). */
  canSee(db: Db, ctx: RequestContext, target: PaymentTarget): Promise<boolean>;
  /** The booking numbers of these orders, by order id (finance's late capture list). */
  bookingNumbers(db: Db, orderIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Writes `note` on the target's order timeline without moving its status (what the provider did
   * outside the portal: a refund in its dashboard, a dispute); a kind without a timeline leaves it out.
   */
  noteOnOrder?(tx: Db, target: PaymentTarget, note: TimelineNote, now: Date): Promise<void>;
}

/** The capturable payables of one app, registered by the order modules' wiring (`app.ts`). */
export interface PayableRegistry {
  register(kind: CapturableKind, capturable: Capturable): void;
  get(kind: CapturableKind): Capturable | undefined;
}

export function createPayableRegistry(): PayableRegistry {
  const byKind = new Map<CapturableKind, Capturable>();
  return {
    register(kind, capturable) {
      if (byKind.has(kind)) throw new Error(`payable ${kind} registered twice`);
      byKind.set(kind, capturable);
    },
    get: (kind) => byKind.get(kind),
  };
}
