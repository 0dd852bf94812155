import { z } from 'zod';
import { LOCALES, type Locale } from '@portal/domain/locale';
import type { NotificationKind } from './notifications.schema';

/*
 * Files an e-mail carries. The outbound message records WHAT to attach (`payload.attachments`);
 * the file itself is made at delivery time, outside any transaction, by the `RenderAttachment`
 * port the composition root wires (the documents module draws the PDFs; this module may not
 * import it).
 */

/** What an e-mail asks to attach: the e-ticket itinerary of a flight order, in the e-mail's language. */
export const EmailAttachmentRequest = z.object({
  kind: z.literal('flight-itinerary'),
  orderId: z.string(),
  locale: z.enum(LOCALES),
});
export type EmailAttachmentRequest = z.infer<typeof EmailAttachmentRequest>;

/** A file of a mail as it is sent. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Makes the file of a request of the message's agency. Answers null when the file can never be
 * made (the order is gone, or not ticketed any more): the e-mail then goes without it. Throws on
 * a failure that may pass (the database, the disk): the delivery attempt fails and is retried.
 */
export type RenderAttachment = (
  request: EmailAttachmentRequest & { agencyId: number },
) => Promise<MailAttachment | null>;

/** The attachments an e-mail of `kind` about a flight order asks for. */
export function orderEmailAttachments(
  kind: NotificationKind,
  orderId: string,
  locale: Locale,
): EmailAttachmentRequest[] {
  return kind === 'order.issued' ? [{ kind: 'flight-itinerary', orderId, locale }] : [];
}

/** The requests recorded in a message's payload (none in messages recorded before attachments). */
export function attachmentRequestsOf(payload: Record<string, unknown>): EmailAttachmentRequest[] {
  const parsed = z.array(EmailAttachmentRequest).safeParse(payload.attachments ?? []);
  return parsed.success ? parsed.data : [];
}

/** The files of a message's requests; a request whose file can never be made is left out. */
export async function renderAttachments(
  render: RenderAttachment,
  agencyId: number,
  requests: readonly EmailAttachmentRequest[],
): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const request of requests) {
    const file = await render({ ...request, agencyId });
    if (file) files.push(file);
  }
  return files;
}
