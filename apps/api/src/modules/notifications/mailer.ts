import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailAttachment } from './attachments';

export interface MailToSend {
  /** The outbound message id (names the `.eml` file and the Message-ID). */
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text` (a multipart/alternative message when given). */
  html?: string;
  /** Files sent with it (a multipart/mixed message around the text when given). */
  attachments?: MailAttachment[];
}

export interface MailResult {
  ok: boolean;
  /** The SMTP reply code, when the server gave one. */
  code: number | null;
  error: string | null;
  /** Where the message was written (outbox mode). */
  file?: string;
}

/** Sends order e-mails: through SMTP when `smtpUrl` is set, else as `.eml` files in `outboxDir`. */
export interface Mailer {
  send(mail: MailToSend): Promise<MailResult>;
  /** Where messages go, for the start banner. */
  readonly describe: string;
  close(): void;
}

/** How long an SMTP exchange may take (connection, greeting, sending). */
export const SMTP_TIMEOUT_MS = 15_000;

function replyCode(text: unknown): number | null {
  const match = typeof text === 'string' ? /^(\d{3})/.exec(text) : null;
  return match?.[1] ? Number(match[1]) : null;
}

/** The mailer of `SMTP_URL` (nodemailer), or the outbox folder when none is set. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}): Mailer {
  const { smtpUrl, outboxDir, from } = options;
  const message = (mail: MailToSend) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
    messageId: `<outbound-${mail.id}@portal.invalid>`,
  });
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    const shown = new URL(smtpUrl);
    return {
      describe: `e-mail through SMTP ${shown.protocol}//${shown.host}`,
      async send(mail) {
        try {
          const info = await transport.sendMail(message(mail));
          return { ok: true, code: replyCode(info.response), error: null };
        } catch (error) {
          const code = (error as { responseCode?: unknown }).responseCode;
          return {
            ok: false,
            code: typeof code === 'number' ? code : null,
            error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          };
        }
      },
      close: () => transport.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `e-mail written as .eml files to ${outboxDir} (SMTP_URL is not set)`,
    async send(mail) {
      try {
        const info = await builder.sendMail(message(mail));
        const raw = info.message;
        if (!Buffer.isBuffer(raw)) throw new Error('no message built');
        await fs.mkdir(outboxDir, { recursive: true });
        const file = path.join(outboxDir, `${String(mail.id).padStart(8, '0')}.eml`);
        await fs.writeFile(file, raw);
        return { ok: true, code: null, error: null, file };
      } catch (error) {
        return { ok: false, code: null, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => builder.close(),
  };
}

/** Where order e-mails are written when no SMTP server is set. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The start banner's line about order e-mails. */
export function mailBanner(config: { smtpUrl: string | undefined; dataDir: string }): string {
  if (!config.smtpUrl)
    return `E-mails: written as .eml files to ${outboxDir(config.dataDir)} (set SMTP_URL to send them)`;
  const url = new URL(config.smtpUrl);
  return `E-mails: sent through ${url.protocol}//${url.host}`;
}
