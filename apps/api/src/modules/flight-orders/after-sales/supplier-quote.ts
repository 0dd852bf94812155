import type { ChangeQuoteAnswer, RefundQuoteAnswer, SupplierQuoteRef } from '../../shopping/index';

/** The supplier's quote behind an approval, to keep on the request (null when it gave none). */
export function supplierQuoteOf(answer: RefundQuoteAnswer | ChangeQuoteAnswer): SupplierQuoteRef | null {
  return answer.status === 'approved' ? (answer.supplierQuote ?? null) : null;
}

/**
 * The portal's deadline for acting on a quote (confirming a refund, paying a change), brought
 * forward to when the supplier's own quote lapses: after that the supplier would refuse it.
 */
export function deadlineWithin(deadline: Date, quote: SupplierQuoteRef | null | undefined): Date {
  const lapses = quote?.expiresAt ? Date.parse(quote.expiresAt) : Number.NaN;
  return Number.isNaN(lapses) || lapses >= deadline.getTime() ? deadline : new Date(lapses);
}
