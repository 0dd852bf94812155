import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../platform/files';
import { login, testConfig, useTestApp } from '../../test/app';
import { issuedOrder } from '../flight-orders/after-sales/after-sales.test-helpers';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { emailAttachments } from './email-attachments';
import { pdfText } from './pdf-text.test-helpers';

const t = useTestApp();

function render() {
  const logos = createLocalFileStorage(path.join(testConfig().dataDir, 'logos'));
  return emailAttachments({ db: t.database.db, logos, now: () => new Date() });
}

describe('the itinerary attached to the tickets-issued e-mail', () => {
  it('is drawn in the e-mail language for an issued order of the agency', async () => {
    const order = await issuedOrder(t.app, await login(t.app), { adults: 1 });
    const file = await render()({
      kind: 'flight-itinerary',
      orderId: order.id,
      agencyId: 1,
      locale: 'zh-tw',
    });
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.filename).toContain(order.bookingNumber);
    const text = (await pdfText(file?.content ?? Buffer.alloc(0))).replace(/\s+/g, '');
    expect(text).toContain('電子機票行程單');
    expect(text).toContain(order.passengers[0]?.ticketNumbers[0] ?? 'no ticket');
  });

  it('is left out for good when it can never be made: no such order of the agency, or no tickets', async () => {
    const order = await bookOne(t.app, await login(t.app));
    const attach = render();
    const base = { kind: 'flight-itinerary', locale: 'en' } as const;
    expect(await attach({ ...base, orderId: order.id, agencyId: 1 })).toBeNull();
    expect(await attach({ ...base, orderId: order.id, agencyId: 222 })).toBeNull();
    expect(
      await attach({ ...base, orderId: '00000000-0000-4000-8000-000000000000', agencyId: 1 }),
    ).toBeNull();
  });
});
