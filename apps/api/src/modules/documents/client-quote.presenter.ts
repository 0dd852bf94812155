import type { ClientQuote, PublicClientQuote } from '@portal/domain/api/client-quotes';
import { spreadServiceFee, type QuoteFareLine, type ShownQuote } from '@portal/domain/client-quote';
import type { PassengerType, Solution } from '@portal/domain/shopping';
import { money, toMinor } from '../wallet/index';
import type { ClientQuoteRow, ClientQuoteSnapshot } from './client-quotes.schema';

/** The path of the web page the traveller opens (packages/domain routes.ts `/quote/:token`). */
export const quotePagePath = (token: string) => `/quote/${encodeURIComponent(token)}`;
/** The API path of the quote's PDF. */
export const quotePdfPath = (token: string) => `/public/v2/client-quotes/${encodeURIComponent(token)}/pdf`;

const TYPES: readonly PassengerType[] = ['adult', 'child', 'infant'];

/**
 * What a quote of `solution` shows, copied: its flights, baggage, fare terms, and what the agency
 * pays per passenger of each type (`salePrice`: fare, taxes and the agency's own price chain) for
 * `counts` passengers. The supplier's own wording of the terms is left out (it is not translated).
 */
export function snapshotOf(
  solution: Solution,
  counts: Readonly<Record<PassengerType, number>>,
): { snapshot: ClientQuoteSnapshot; currency: string } {
  const currency = solution.priceDetail.total.currency;
  const lines: QuoteFareLine[] = [];
  for (const passengerType of TYPES) {
    const count = counts[passengerType];
    const entry = solution.priceDetail.priceList.find((p) => p.passengerType === passengerType);
    if (count <= 0 || !entry) continue;
    lines.push({ passengerType, count, unitMinor: toMinor(entry.salePrice, entry.currency) });
  }
  const penalty = (rule: Solution['rules']['change']) => ({ allowed: rule.allowed, fee: rule.fee, note: '' });
  return {
    currency,
    snapshot: {
      validatingCarrier: solution.validatingCarrier,
      fareFamily: solution.fareFamily,
      legs: solution.legs,
      baggage: solution.baggage.filter((b) => counts[b.passengerType] > 0),
      rules: {
        change: penalty(solution.rules.change),
        refund: penalty(solution.rules.refund),
        noShow: penalty(solution.rules.noShow),
      },
      lines,
    },
  };
}

/** The shown prices of a stored quote (the domain's spread of its fee). */
export function shownOf(row: ClientQuoteRow): ShownQuote {
  return spreadServiceFee(row.snapshot.lines, { mode: row.feeMode, amountMinor: row.feeMinor });
}

/** The traveller's view: shown prices only; no fee, no cost, no ids. */
export function presentPublicQuote(row: ClientQuoteRow, agencyName: string): PublicClientQuote {
  const m = (minor: number) => money(minor, row.currency);
  const shown = shownOf(row);
  const { snapshot } = row;
  const term = (rule: ClientQuoteSnapshot['rules']['change']) => ({ allowed: rule.allowed, fee: rule.fee });
  return {
    agencyName,
    travellerName: row.travellerName,
    note: row.note,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    validatingCarrier: snapshot.validatingCarrier,
    fareFamily: snapshot.fareFamily,
    legs: snapshot.legs,
    baggage: snapshot.baggage,
    fareTerms: {
      change: term(snapshot.rules.change),
      refund: term(snapshot.rules.refund),
      noShow: term(snapshot.rules.noShow),
    },
    lines: shown.lines.map((l) => ({
      passengerType: l.passengerType,
      count: l.count,
      unitPrice: m(l.unitMinor),
      subtotal: m(l.subtotalMinor),
    })),
    total: m(shown.totalMinor),
  };
}

/** The agent's view: the traveller's, with the fee, the agency's cost and the links. */
export function presentClientQuote(row: ClientQuoteRow, agencyName: string): ClientQuote {
  const m = (minor: number) => money(minor, row.currency);
  const shown = shownOf(row);
  return {
    token: row.token,
    publicPath: quotePagePath(row.token),
    pdfPath: quotePdfPath(row.token),
    source: row.source,
    serviceFee: { mode: row.feeMode, amount: m(row.feeMinor) },
    effectiveServiceFee: m(shown.feeMinor),
    fareTotal: m(shown.totalMinor - shown.feeMinor),
    createdBy: row.userId,
    quote: presentPublicQuote(row, agencyName),
  };
}
