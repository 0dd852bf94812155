import type * as quotesApi from '@portal/domain/api/client-quotes';
import type { ClientQuote, PublicClientQuote } from '@portal/domain/api/client-quotes';
import type { BodyOf } from '@portal/domain/api/contract';
import type { Locale } from '@portal/domain/locale';
import { callApi } from '../api/call-api';
import { downloadFile } from '../api/download';

/** What the agent's dialog sends. */
export type NewClientQuote = BodyOf<typeof quotesApi.createClientQuote>;

/**
 * POST /order/v2/flight/client-quotes with the attempt's Idempotency-Key (a retried click answers
 * the first quote); errors are the caller's.
 */
export function createClientQuote(body: NewClientQuote, idempotencyKey: string): Promise<ClientQuote> {
  return callApi<typeof quotesApi.createClientQuote>(
    { method: 'POST', path: '/order/v2/flight/client-quotes' },
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

/** GET /public/v2/client-quotes/{token}: the traveller's view (no login); errors are the caller's. */
export function readPublicQuote(token: string): Promise<PublicClientQuote> {
  return callApi<typeof quotesApi.getPublicClientQuote>(
    { method: 'GET', path: '/public/v2/client-quotes/:token' },
    { params: { token } },
    { skipErrorToast: true },
  );
}

/** Saves the quote's PDF in `lang` under the server's file name. */
export function downloadQuotePdf(token: string, lang: Locale): Promise<string> {
  return downloadFile<typeof quotesApi.downloadPublicClientQuote>(
    { method: 'GET', path: '/public/v2/client-quotes/:token/pdf' },
    { params: { token }, query: { lang } },
    { fallbackName: 'flight-quote.pdf', skipErrorToast: true },
  );
}
