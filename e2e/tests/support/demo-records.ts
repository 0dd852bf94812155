import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

/** What a demo user's API session answers: the first id of a list, or a client quote's page. */
export interface DemoRecords {
  /** The first item's id of one of the API's lists (`/order/v2/flight/orders`, …). */
  firstId(path: string): Promise<string>;
  /** The traveller's page (`/quote/<token>`) of a new client quote of a booking waiting for payment. */
  clientQuotePage(): Promise<string>;
}

/** The API as demo user `username` calls it, for the ids of seeded records (pages show them by id). */
export async function demoRecordsOf(request: APIRequestContext, username: string): Promise<DemoRecords> {
  const login = await request.post('/base/v2/login', {
    data: { username, password: DEMO_PASSWORD },
    headers: await xsrfHeaders(request),
  });
  const answer = (await login.json()) as { code: number; message: string; data: { token: string } | null };
  expect(answer.code, `login of ${username}: ${answer.message}`).toBe(0);
  const headers = { Authorization: `Bearer ${answer.data?.token ?? ''}` };

  const firstId = async (path: string): Promise<string> => {
    const response = await request.get(path, { headers });
    const body = (await response.json()) as {
      code: number;
      message: string;
      data: { list: { id: string | number }[] };
    };
    expect(body.code, `${path}: ${body.message}`).toBe(0);
    const id = body.data.list[0]?.id;
    if (id === undefined) throw new Error(`${path} answered no item for ${username}`);
    return String(id);
  };

  const clientQuotePage = async (): Promise<string> => {
    const orderId = await firstId('/order/v2/flight/orders?status=to_be_paid');
    const made = await request.post('/order/v2/flight/client-quotes', {
      headers: { ...headers, ...(await xsrfHeaders(request)), 'Idempotency-Key': crypto.randomUUID() },
      data: {
        source: { kind: 'order', orderId },
        serviceFee: { mode: 'per_passenger', amount: { amount: '50.00', currency: 'CNY' } },
        travellerName: 'Li Na',
        language: 'en',
      },
    });
    const body = (await made.json()) as { code: number; message: string; data: { publicPath: string } };
    expect(body.code, `client quote: ${body.message}`).toBe(0);
    return body.data.publicPath;
  };

  return { firstId, clientQuotePage };
}
