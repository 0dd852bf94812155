import type { MarkupLeg } from '@portal/domain/wallet-markup';
import type { Db } from '../platform/db';
import { payFromBalance, postCapture, reimburse, topUp, type PaymentKind } from '../modules/wallet/index';
import { transfer } from '../modules/wallet/transfer';

/** Something that happened to money at `at`; posted in time order through the wallet's own functions. */
export interface MoneyEvent {
  at: Date;
  agencyId: number;
  /** What the agency's wallet loses (> 0: a balance payment) or gains (< 0: money back); 0: neither. */
  walletDeltaMinor: number;
  /** What the parent earns on the event (markup legs of a sub-agency's payment). */
  parentGainMinor?: number;
  post(tx: Db): Promise<unknown>;
}

export interface Payment {
  agencyId: number;
  orderId: string;
  bookingNumber: string;
  kind: PaymentKind;
  amountMinor: number;
  description: string;
  createdBy: number;
  markupLegs: readonly MarkupLeg[];
  /** `balance`, or an outside channel whose capture the gateway reported. */
  channel: string;
  at: Date;
}

/** The ledger entry of an order's payment: from the wallet, or captured by an outside channel. */
export function paymentEvent(p: Payment): MoneyEvent {
  const common = {
    agencyId: p.agencyId,
    currency: 'CNY',
    amountMinor: p.amountMinor,
    orderId: p.orderId,
    kind: p.kind,
    createdBy: p.createdBy,
    markupLegs: p.markupLegs,
    postedAt: p.at,
  };
  const markup = p.markupLegs.reduce((n, l) => n + l.amountMinor, 0);
  if (p.channel === 'balance') {
    return {
      at: p.at,
      agencyId: p.agencyId,
      walletDeltaMinor: p.amountMinor,
      parentGainMinor: markup,
      post: (tx) =>
        payFromBalance(tx, {
          ...common,
          description: `${p.description} ${p.bookingNumber}`,
          reference: p.bookingNumber,
        }),
    };
  }
  return {
    at: p.at,
    agencyId: p.agencyId,
    walletDeltaMinor: 0,
    parentGainMinor: markup,
    post: (tx) =>
      postCapture(tx, {
        ...common,
        description: `${p.description} ${p.bookingNumber}`,
        tradeNo: `DEMO-${p.bookingNumber}`,
        channel: p.channel,
      }),
  };
}

export interface MoneyBack {
  agencyId: number;
  orderId: string;
  bookingNumber: string;
  kind: 'reimbursement' | 'refund-flight' | 'void-flight';
  amountMinor: number;
  description: string;
  /** The paid order whose markups come back (a refund's or void's original). */
  unwinds?: string;
  at: Date;
}

/** Money back to the wallet (failed ticketing, refund, void). */
export function moneyBackEvent(m: MoneyBack): MoneyEvent {
  return {
    at: m.at,
    agencyId: m.agencyId,
    walletDeltaMinor: -m.amountMinor,
    post: (tx) =>
      reimburse(tx, {
        agencyId: m.agencyId,
        currency: 'CNY',
        amountMinor: m.amountMinor,
        orderId: m.orderId,
        kind: m.kind,
        description: `${m.description} ${m.bookingNumber}`,
        reference: m.bookingNumber,
        ...(m.unwinds ? { unwinds: m.unwinds } : {}),
        postedAt: m.at,
      }),
  };
}

/** How a wallet is kept funded while the history is posted. */
export interface Funding {
  agencyId: number;
  /** The parent that transfers to it; null: the platform tops it up against a bank reference. */
  parentId: number | null;
  /** Spendable at the start (balance + credit). */
  availableMinor: number;
  /** A payment that would leave less than this is preceded by funding. */
  floorMinor: number;
  /** How much one funding brings (a top-level agency's bank transfer). */
  stepMinor: number;
}

const HOUR_MS = 3_600_000;

/**
 * Posts the events in time order, funding each wallet the way money enters (a top-level agency's
 * top-up, a sub-agency's transfer from its parent) the day before a payment would leave it below
 * its floor, as an agency's finance does. Returns what each wallet can spend at the end.
 */
export async function postInOrder(
  tx: Db,
  events: MoneyEvent[],
  fundings: readonly Funding[],
): Promise<Map<number, number>> {
  const available = new Map(fundings.map((f) => [f.agencyId, f.availableMinor]));
  const byAgency = new Map(fundings.map((f) => [f.agencyId, f]));
  let serial = 0;
  const fund = async (f: Funding, amountMinor: number, at: Date) => {
    serial += 1;
    const stamp = at.toISOString().slice(0, 10).replaceAll('-', '');
    const reference = `DEMO-${f.parentId === null ? 'BANK' : 'TRANSFER'}-${stamp}-${serial}`;
    const postedAt = new Date(at.getTime() - 20 * HOUR_MS);
    if (f.parentId === null) {
      await topUp(tx, { agencyId: f.agencyId, currency: 'CNY', amountMinor, reference, postedAt });
    } else {
      const parent = byAgency.get(f.parentId);
      if (parent) await ensureFunds(parent, amountMinor, at);
      await transfer(tx, {
        fromAgencyId: f.parentId,
        toAgencyId: f.agencyId,
        currency: 'CNY',
        amountMinor,
        reference,
        postedAt,
      });
      available.set(f.parentId, (available.get(f.parentId) ?? 0) - amountMinor);
    }
    available.set(f.agencyId, (available.get(f.agencyId) ?? 0) + amountMinor);
  };
  const ensureFunds = async (f: Funding, amountMinor: number, at: Date) => {
    const left = (available.get(f.agencyId) ?? 0) - amountMinor;
    if (left >= f.floorMinor) return;
    const short = f.floorMinor - left;
    await fund(f, Math.ceil(short / f.stepMinor) * f.stepMinor, at);
  };
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of sorted) {
    const f = byAgency.get(event.agencyId);
    if (f && event.walletDeltaMinor > 0) await ensureFunds(f, event.walletDeltaMinor, event.at);
    await event.post(tx);
    available.set(event.agencyId, (available.get(event.agencyId) ?? 0) - event.walletDeltaMinor);
    if (f?.parentId && event.parentGainMinor) {
      available.set(f.parentId, (available.get(f.parentId) ?? 0) + event.parentGainMinor);
    }
  }
  return available;
}
