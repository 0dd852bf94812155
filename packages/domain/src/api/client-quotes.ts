import { z } from 'zod';
import { MAX_QUOTE_NOTE, MAX_QUOTE_TRAVELLER_NAME, SERVICE_FEE_MODES } from '../client-quote';
import { LOCALES } from '../locale';
import { CleanText } from '../primitives';
import { BaggageRule, MoneyJson, SolutionLeg } from '../shopping';
import { PASSENGER_TYPES } from '../shopping-options';
import { defineRoute } from './contract';

/*
 * Client quotes: a priced offer an agent sends the end traveller, from a search result or an
 * unpaid booking, with the agency's service fee folded into the shown prices. The agent's calls
 * are under /order; the traveller's link is public and knows only the quote's random token.
 */

const tags = ['client-quotes'];

/** What a quote is made from: a solution of a search, or a booking awaiting payment. */
export const ClientQuoteSource = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('solution'), solutionId: z.string().trim().min(1).max(64) }),
  z.strictObject({ kind: z.literal('order'), orderId: z.string().trim().min(1).max(64) }),
]);
export type ClientQuoteSource = z.infer<typeof ClientQuoteSource>;

const OptionalText = (max: number) =>
  CleanText.transform((s) => s.trim())
    .pipe(z.string().max(max))
    .nullish()
    .transform((s) => s || null);

/** POST /order/v2/flight/client-quotes: the fee in the quote's currency as a decimal text. */
export const CreateClientQuoteBody = z.strictObject({
  source: ClientQuoteSource,
  serviceFee: z.strictObject({ mode: z.enum(SERVICE_FEE_MODES), amount: MoneyJson }),
  travellerName: OptionalText(MAX_QUOTE_TRAVELLER_NAME),
  note: OptionalText(MAX_QUOTE_NOTE),
  /** The language of the document the traveller opens first. */
  language: z.enum(LOCALES),
});
export type CreateClientQuoteBody = z.infer<typeof CreateClientQuoteBody>;

/** One shown price: each passenger of the type, and all of them. */
export const ShownPriceLine = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  count: z.number().int(),
  unitPrice: MoneyJson,
  subtotal: MoneyJson,
});
export type ShownPriceLine = z.infer<typeof ShownPriceLine>;

const ShownPenalty = z.object({ allowed: z.boolean(), fee: MoneyJson.nullable() });

/** What the traveller sees: no service fee, no agency cost, no booking or search ids. */
export const PublicClientQuote = z.object({
  agencyName: z.string(),
  travellerName: z.string().nullable(),
  note: z.string().nullable(),
  language: z.enum(LOCALES),
  createdAt: z.string(),
  expiresAt: z.string(),
  validatingCarrier: z.string(),
  fareFamily: z.string().nullable(),
  legs: z.array(SolutionLeg),
  baggage: z.array(BaggageRule),
  fareTerms: z.object({ change: ShownPenalty, refund: ShownPenalty, noShow: ShownPenalty }),
  lines: z.array(ShownPriceLine),
  total: MoneyJson,
});
export type PublicClientQuote = z.infer<typeof PublicClientQuote>;

/** The agent's view of a quote: the traveller's, plus the fee, what the agency pays and the links. */
export const ClientQuote = z.object({
  token: z.string(),
  /** The web page the traveller opens (`/quote/<token>`), to put after the site's address. */
  publicPath: z.string(),
  /** The API path of the PDF (add `?lang=`). */
  pdfPath: z.string(),
  source: ClientQuoteSource,
  serviceFee: z.object({ mode: z.enum(SERVICE_FEE_MODES), amount: MoneyJson }),
  /** The fee inside the shown total (a per-booking fee may round up by a minor unit per passenger). */
  effectiveServiceFee: MoneyJson,
  /** What the agency pays for the tickets. */
  fareTotal: MoneyJson,
  createdBy: z.number().int(),
  quote: PublicClientQuote,
});
export type ClientQuote = z.infer<typeof ClientQuote>;

export const ClientQuoteListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClientQuoteListQuery = z.infer<typeof ClientQuoteListQuery>;

export const ClientQuoteList = z.object({
  list: z.array(ClientQuote),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClientQuoteList = z.infer<typeof ClientQuoteList>;

export const ClientQuoteTokenParams = z.strictObject({ token: z.string().trim().min(1).max(64) });
export const ClientQuotePdfQuery = z.strictObject({ lang: z.enum(LOCALES).optional() });

export const createClientQuote = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/client-quotes',
  operationId: 'createClientQuote',
  summary: 'Make a priced quote for the traveller',
  description:
    "A quote of a search result's solution or of a booking awaiting payment, with the agency's service fee " +
    'folded into the prices the traveller sees (per passenger or per booking, in the quote currency). Valid ' +
    "until the fare's quotation expires (a solution) or the booking's payment deadline (an order); a paid, " +
    'cancelled or after-sales order answers 409 CLIENT_QUOTE_NOT_OFFERED. Answers the public link path. ' +
    'Send an Idempotency-Key: a retried call answers the first quote.',
  tags,
  body: CreateClientQuoteBody,
  response: ClientQuote,
});

export const listClientQuotes = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/client-quotes',
  operationId: 'listClientQuotes',
  summary: "List the agency's client quotes",
  description:
    "The quotes the caller may see (the agency's, only their own when the agency shows each user only their " +
    'own orders), newest first, expired ones included.',
  tags,
  query: ClientQuoteListQuery,
  response: ClientQuoteList,
});

export const getPublicClientQuote = defineRoute({
  method: 'GET',
  path: '/public/v2/client-quotes/:token',
  operationId: 'getPublicClientQuote',
  summary: 'Read a client quote by its link',
  description:
    "The traveller's view of a quote, without login: flights, one price per passenger type and the total " +
    '(the service fee inside them), fare terms and baggage. An unknown token and an expired quote both answer ' +
    '404 CLIENT_QUOTE_NOT_FOUND. Limited per client address.',
  tags,
  params: ClientQuoteTokenParams,
  response: PublicClientQuote,
});

export const downloadPublicClientQuote = defineRoute({
  method: 'GET',
  path: '/public/v2/client-quotes/:token/pdf',
  operationId: 'downloadPublicClientQuote',
  summary: 'Download a client quote as a PDF',
  description:
    "The quote as a PDF under the agency's name and logo, in `lang` (en, zh-cn, zh-tw; else the quote's " +
    'language): flights in local times, a price per passenger type and the total, fare terms, the validity ' +
    'and that prices hold until booked only as availability allows. 404 as the quote.',
  tags,
  params: ClientQuoteTokenParams,
  query: ClientQuotePdfQuery,
  response: 'file',
});
