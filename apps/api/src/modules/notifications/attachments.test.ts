import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import type { MailAttachment, RenderAttachment } from './attachments';
import { deliveryHandler } from './delivery';
import { createMailer, type MailToSend } from './mailer';
import { outboundMessages } from './notifications.schema';
import { readMail } from './notifications.test-helpers';

const t = useTestApp();

const PDF: MailAttachment = {
  filename: 'x.pdf',
  content: Buffer.from('%PDF-1.3'),
  contentType: 'application/pdf',
};

/** Delivers one recorded e-mail that asks for the itinerary, with `render` making the file. */
async function deliverWith(render: RenderAttachment) {
  const [message] = await t.database.db
    .insert(outboundMessages)
    .values({
      agencyId: 1,
      channel: 'email',
      kind: 'order.issued',
      orderId: 'order-1',
      target: 'traveller@example.com',
      payload: {
        subject: 'Tickets issued',
        text: 'Your tickets',
        attachments: [{ kind: 'flight-itinerary', orderId: 'order-1', locale: 'zh-cn' }],
      },
    })
    .returning();
  if (!message) throw new Error('no message');
  const sent: MailToSend[] = [];
  const mailer = {
    describe: 'test',
    close: () => undefined,
    send: async (mail: MailToSend) => {
      sent.push(mail);
      return { ok: true, code: 250, error: null };
    },
  };
  const handler = deliveryHandler({ mailer, allowPrivateWebhooks: true, timeScale: 1, attachments: render });
  const now = new Date();
  await handler(
    t.database.db,
    {
      id: 1,
      kind: 'outbound-deliver',
      payload: { messageId: message.id },
      runAt: now,
      attempts: 0,
      lockedUntil: null,
      doneAt: null,
      lastError: null,
      createdAt: now,
    },
    now,
  );
  const [after] = await t.database.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.id, message.id));
  return { sent, after };
}

describe('files of an e-mail', () => {
  it('are made at delivery for the message of its agency and language, and sent with it', async () => {
    const asked: unknown[] = [];
    const { sent, after } = await deliverWith(async (request) => {
      asked.push(request);
      return PDF;
    });
    expect(asked).toEqual([{ kind: 'flight-itinerary', orderId: 'order-1', locale: 'zh-cn', agencyId: 1 }]);
    expect(sent[0]?.attachments).toEqual([PDF]);
    expect(after?.status).toBe('sent');
  });

  it('that can never be made are left out: the e-mail goes without them', async () => {
    const { sent, after } = await deliverWith(async () => null);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.attachments).toBeUndefined();
    expect(after?.status).toBe('sent');
  });

  it('that fail for now fail the attempt: nothing is sent and the message waits for its retry', async () => {
    const { sent, after } = await deliverWith(async () => {
      throw new Error('disk unavailable');
    });
    expect(sent).toHaveLength(0);
    expect(after?.status).toBe('pending');
    expect(after?.attempts).toBe(1);
    expect(after?.lastError).toContain('disk unavailable');
  });
});

describe('the outbox', () => {
  it('writes an e-mail with its files into the .eml', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: dir, from: 'portal@example.com' });
    const pdf = { ...PDF, filename: '电子客票行程单 F1.pdf' };
    const result = await mailer.send({
      id: 7,
      to: 'a@example.com',
      subject: 'S',
      text: 'T',
      attachments: [pdf],
    });
    mailer.close();
    expect(result.ok).toBe(true);
    const mail = readMail(fs.readFileSync(path.join(dir, '00000007.eml'), 'utf8'));
    expect(mail.text).toBe('T');
    expect(mail.attachments).toEqual([
      { type: 'application/pdf', fileName: pdf.filename, content: pdf.content },
    ]);
  });
});
