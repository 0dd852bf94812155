import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClientQuote, PublicClientQuote } from '@portal/domain/api/client-quotes';
import type { Solution } from '@portal/domain/shopping';
import { isUniqueViolation } from '../../platform/db-errors';
import { bearer, body, login, useTestApp } from '../../test/app';
import { issuedOrder } from '../flight-orders/after-sales/after-sales.test-helpers';
import { bookOne, pickSolution } from '../flight-orders/flight-orders.test-helpers';
import { toMinor } from '../wallet/index';
import { PUBLIC_QUOTE_LIMITS } from './client-quotes.routes';
import { clientQuotes } from './client-quotes.schema';
import { formatMoney } from './flight-document.model';
import { pdfText } from './pdf-text.test-helpers';

const t = useTestApp();

const squash = (text: string) => text.replace(/\s+/g, '');

function create(token: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/order/v2/flight/client-quotes',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

const fee = (amount: string, currency: string, mode = 'per_passenger') => ({
  mode,
  amount: { amount, currency },
});

async function quoteOfSolution(token: string, solution: Solution, amount = '50.00') {
  const currency = solution.priceDetail.total.currency;
  const res = await create(token, {
    source: { kind: 'solution', solutionId: solution.id },
    serviceFee: fee(amount, currency),
    travellerName: 'Ada Lovelace',
    note: 'Window seats if possible',
    language: 'en',
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return body<ClientQuote>(res).data;
}

const readPublic = (token: string) => t.app.inject({ url: `/public/v2/client-quotes/${token}` });
const readPdf = (token: string, lang: string) =>
  t.app.inject({ url: `/public/v2/client-quotes/${token}/pdf?lang=${lang}` });

describe('a client quote of a search result', () => {
  it('folds the fee into each passenger price and the total, and shows the traveller no fee, cost or id', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token, { passengers: { adult: 2, child: 1, infant: 0 } });
    const quote = await quoteOfSolution(token, solution);
    const currency = solution.priceDetail.total.currency;
    const fareMinor = toMinor(solution.priceDetail.total.amount, currency);

    expect(quote.publicPath).toBe(`/quote/${quote.token}`);
    expect(quote.token).toMatch(/^[\w-]{32}$/);
    expect(quote.quote.expiresAt).toBe(new Date(solution.expiresAt).toISOString());
    expect(toMinor(quote.fareTotal.amount, currency)).toBe(fareMinor);
    expect(toMinor(quote.quote.total.amount, currency)).toBe(fareMinor + 3 * 5_000);

    const res = await readPublic(quote.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const shown = body<PublicClientQuote>(res).data;
    expect(shown.total).toEqual(quote.quote.total);
    const sum = shown.lines.reduce((n, l) => n + toMinor(l.subtotal.amount, currency), 0);
    expect(sum).toBe(toMinor(shown.total.amount, currency));
    expect(shown.travellerName).toBe('Ada Lovelace');
    for (const hidden of [
      'serviceFee',
      'fareTotal',
      'effectiveServiceFee',
      'agencyId',
      'createdBy',
      'source',
    ]) {
      expect(res.body).not.toContain(`"${hidden}"`);
    }
    expect(res.body).not.toContain(solution.id);
  });

  it('writes a PDF whose total includes the fee and that never names the fee (en and zh-cn)', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const quote = await quoteOfSolution(token, solution, '88.00');
    const currency = solution.priceDetail.total.currency;
    const totalText = squash(formatMoney(toMinor(quote.quote.total.amount, currency), currency));
    const fareText = squash(formatMoney(toMinor(quote.fareTotal.amount, currency), currency));

    const en = await readPdf(quote.token, 'en');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const enText = squash(await pdfText(en.rawPayload));
    expect(enText).toContain(squash('Flight quote'));
    expect(enText).toContain(totalText);
    expect(enText).toContain(squash('Prices are subject to availability until booked'));
    expect(enText).toContain('AdaLovelace');
    expect(enText).not.toContain(fareText);
    expect(enText.toLowerCase()).not.toContain('servicefee');
    expect(enText).not.toContain('88.00');

    const zh = squash(await pdfText((await readPdf(quote.token, 'zh-cn')).rawPayload));
    expect(zh).toContain('机票报价单');
    expect(zh).toContain('出票前价格及座位以实际可订为准');
    expect(zh).toContain(totalText);
    expect(zh).not.toContain('服务费');
  });

  it('answers 404 once expired, exactly as for an unknown token', async () => {
    const token = await login(t.app);
    const quote = await quoteOfSolution(token, await pickSolution(t.app, token));
    await t.database.db
      .update(clientQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientQuotes.token, quote.token));
    const expired = await readPublic(quote.token);
    const unknown = await readPublic('x'.repeat(32));
    expect(expired.statusCode).toBe(404);
    expect(body(expired).code).toBe(500070);
    expect(expired.body).toBe(unknown.body);
    expect((await readPdf(quote.token, 'en')).statusCode).toBe(404);
  });

  it('keeps each token unique by constraint', async () => {
    const token = await login(t.app);
    const quote = await quoteOfSolution(token, await pickSolution(t.app, token));
    const [row] = await t.database.db.select().from(clientQuotes).where(eq(clientQuotes.token, quote.token));
    if (!row) throw new Error('no row');
    const { id: _id, ...copy } = row;
    const error = await t.database.db
      .insert(clientQuotes)
      .values(copy)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error, 'client_quotes_token_key')).toBe(true);
  });

  it('refuses a fee above the fare or in another currency, in the caller’s language', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const currency = solution.priceDetail.total.currency;
    const source = { kind: 'solution', solutionId: solution.id };
    const tooMuch = await create(
      token,
      { source, serviceFee: fee('99999', currency, 'per_booking'), language: 'zh-cn' },
      { 'accept-language': 'zh-cn' },
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(body<{ errors: { path: string; message: string }[] }>(tooMuch).data.errors).toEqual([
      { path: 'serviceFee.amount', message: '服务费不能高于票价本身' },
    ]);
    const other = currency === 'USD' ? 'EUR' : 'USD';
    const wrong = await create(token, { source, serviceFee: fee('1', other), language: 'en' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('serviceFee.amount.currency');
  });

  it('answers the first quote again for a repeated Idempotency-Key', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const payload = {
      source: { kind: 'solution', solutionId: solution.id },
      serviceFee: fee('10', solution.priceDetail.total.currency),
      language: 'en',
    };
    const first = await create(token, payload, { 'idempotency-key': 'quote-1' });
    const again = await create(token, payload, { 'idempotency-key': 'quote-1' });
    expect(body<ClientQuote>(again).data.token).toBe(body<ClientQuote>(first).data.token);
    expect(await t.database.db.select().from(clientQuotes)).toHaveLength(1);
  });

  it('limits the public link per client address', async () => {
    const url = `/public/v2/client-quotes/${'y'.repeat(32)}`;
    const from = (remoteAddress: string) => t.app.inject({ url, remoteAddress });
    for (let i = 0; i < PUBLIC_QUOTE_LIMITS.read; i += 1)
      expect((await from('203.0.113.9')).statusCode).toBe(404);
    const refused = await from('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await from('203.0.113.10')).statusCode).toBe(404);
  });
});

describe('a client quote of a booking', () => {
  it('is valid until the payment deadline of a booking awaiting payment', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const res = await create(token, {
      source: { kind: 'order', orderId: order.id },
      serviceFee: fee('20', order.price.orderTotal.currency, 'per_booking'),
      language: 'zh-tw',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const quote = body<ClientQuote>(res).data;
    expect(quote.quote.expiresAt).toBe(new Date(order.paymentDeadline ?? 0).toISOString());
    expect(quote.quote.language).toBe('zh-tw');
  });

  it('is not offered for a paid booking', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const res = await create(token, {
      source: { kind: 'order', orderId: order.id },
      serviceFee: fee('20', order.price.orderTotal.currency),
      language: 'en',
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe(500071);
  });
});
