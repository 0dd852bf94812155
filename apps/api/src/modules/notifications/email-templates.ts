import type { Locale } from '@portal/domain/locale';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import type { PassengerType } from '@portal/domain/shopping';
import { t } from '../../platform/i18n';
import type { NotificationKind } from './notifications.schema';

/** Values an e-mail is written from; extra event values are listed under the summary. */
export type TemplateParams = Readonly<Record<string, string | number | null>>;

/** A traveller of the e-mail's order: the name as on the ticket and the ticket numbers, once issued. */
export interface EmailPassenger {
  /** `SURNAME/GIVEN NAMES`, as printed on the ticket. */
  name: string;
  type?: PassengerType;
  ticketNumbers: readonly string[];
  /** Seats and bags of the traveller (docs/ancillaries.md), with the route each is for. */
  extras?: readonly EmailExtra[];
}

/** A seat or bag line of an e-mail; `price` (`120.00 CNY`) when the e-mail is about buying it. */
export type EmailExtra = (
  | { kind: 'seat'; seat: string; route: string }
  | { kind: 'bag'; quantity: number; weightKg: number; route: string }
) & { price?: string };

/** A flight of the e-mail's order, its departure in the departure airport's local time. */
export interface EmailFlight {
  flightNumber: string;
  from: string;
  to: string;
  /** `yyyy-mm-dd HH:mm`, local time at `from`. */
  departure: string;
}

/** The amounts an e-mail can list, each labelled `email.detail.amount.<name>`. */
export type EmailAmountName =
  | 'orderTotal'
  | 'amountDue'
  | 'changeFee'
  | 'priceDifference'
  | 'refundFee'
  | 'serviceFee'
  | 'refundableTotal';

/** An amount as a decimal text in its currency's minor digits (`1234.50`). */
export interface EmailAmount {
  name: EmailAmountName;
  amount: string;
  currency: string;
}

/** What an order e-mail tells beside its summary: the travellers, the flights and the amounts. */
export interface EmailDetails {
  passengers?: readonly EmailPassenger[];
  flights?: readonly EmailFlight[];
  amounts?: readonly EmailAmount[];
}

/** An e-mail as sent: the subject, a plain-text body and the same content as HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** `1234.50 CNY` from an amount and its currency parameter; undefined without an amount. */
function money(
  amount: string | number | null | undefined,
  currency: string | number | null | undefined,
): string | undefined {
  if (amount === undefined || amount === null) return undefined;
  return currency ? `${String(amount)} ${String(currency)}` : String(amount);
}

/** The facts listed under the summary, in order; each is labelled `email.label.<fact>`. */
const FACTS = [
  'bookingNumber',
  'route',
  'departure',
  'reason',
  'amount',
  'reference',
  'available',
  'threshold',
] as const;

/** Text escaped for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The content of an e-mail in `locale`, as labelled rows and tables, before it is written out. */
interface EmailContent {
  greeting: string;
  line: string;
  facts: [label: string, value: string][];
  tables: { title: string; head: string[]; rows: string[][] }[];
  amounts: [label: string, value: string][];
  footer: string;
}

const isChannel = (value: unknown): value is PaymentChannel =>
  typeof value === 'string' && (PAYMENT_CHANNELS as readonly string[]).includes(value);

/**
 * Where the event's money went, when it moved (`moneyTo`, from flight-orders' `moneyParams`): back
 * to the card through its channel, named as the bills name it, or to the agency wallet.
 */
function moneyLine(locale: Locale, params: TemplateParams): string | undefined {
  if (params.moneyTo === 'card') {
    const channel = isChannel(params.channel)
      ? t(locale, `bills.method.${params.channel}`)
      : String(params.channel ?? '');
    return t(locale, 'email.money.card', { channel });
  }
  if (params.moneyTo === 'wallet') return t(locale, 'email.money.wallet');
  return undefined;
}

function contentOf(
  kind: NotificationKind,
  locale: Locale,
  params: TemplateParams,
  details: EmailDetails,
): EmailContent {
  const values: Record<(typeof FACTS)[number], string | number | null | undefined> = {
    bookingNumber: params.bookingNumber,
    route: params.route,
    departure: params.departure,
    reason: params.reason,
    amount: money(params.amount, params.currency),
    reference: params.reference,
    available: money(params.available, params.currency),
    threshold: money(params.threshold, params.currency),
  };
  const facts: [string, string][] = [];
  for (const fact of FACTS) {
    const value = values[fact];
    if (value !== undefined && value !== null && value !== '')
      facts.push([t(locale, `email.label.${fact}`), String(value)]);
  }
  const tables: EmailContent['tables'] = [];
  const passengers = details.passengers ?? [];
  if (passengers.length > 0) {
    const withExtras = passengers.some((p) => (p.extras ?? []).length > 0);
    const extra = (e: EmailExtra) => {
      const item =
        e.kind === 'seat'
          ? t(locale, 'email.detail.seat', { seat: e.seat, route: e.route })
          : t(locale, 'email.detail.bag', { quantity: e.quantity, weight: e.weightKg, route: e.route });
      return e.price ? t(locale, 'email.detail.extraPrice', { item, price: e.price }) : item;
    };
    tables.push({
      title: t(locale, 'email.detail.passengers'),
      head: [
        t(locale, 'email.detail.passenger'),
        t(locale, 'email.detail.ticketNumbers'),
        ...(withExtras ? [t(locale, 'email.detail.extras')] : []),
      ],
      rows: passengers.map((p) => [
        p.type ? `${p.name} (${t(locale, `booking.passengerType.${p.type}`)})` : p.name,
        p.ticketNumbers.length > 0 ? p.ticketNumbers.join(', ') : t(locale, 'email.detail.notIssued'),
        ...(withExtras ? [(p.extras ?? []).map(extra).join('; ')] : []),
      ]),
    });
  }
  const flights = details.flights ?? [];
  if (flights.length > 0) {
    tables.push({
      title: t(locale, 'email.detail.flights'),
      head: [
        t(locale, 'email.detail.flight'),
        t(locale, 'email.detail.route'),
        t(locale, 'email.detail.departure'),
      ],
      rows: flights.map((f) => [f.flightNumber, `${f.from}-${f.to}`, f.departure]),
    });
  }
  const amounts = (details.amounts ?? []).map((a): [string, string] => [
    t(locale, `email.detail.amount.${a.name}`),
    money(a.amount, a.currency) ?? '',
  ]);
  return {
    greeting: t(locale, 'email.greeting'),
    // Chinese sentences follow each other with no space between them.
    line: [t(locale, `email.line.${kind}`), moneyLine(locale, params)]
      .filter(Boolean)
      .join(locale === 'en' ? ' ' : ''),
    facts,
    tables,
    amounts,
    footer: t(locale, 'email.footer'),
  };
}

function textOf(content: EmailContent): string {
  const lines = [content.greeting, '', content.line, ''];
  for (const [label, value] of content.facts) lines.push(`${label}: ${value}`);
  for (const table of content.tables) {
    lines.push('', `${table.title}:`);
    for (const row of table.rows) lines.push(`- ${row.join('  ')}`);
  }
  if (content.amounts.length > 0) {
    lines.push('');
    for (const [label, value] of content.amounts) lines.push(`${label}: ${value}`);
  }
  lines.push('', content.footer);
  return lines.join('\n');
}

const CELL = 'style="padding:4px 12px 4px 0;text-align:left;vertical-align:top"';

/** The HTML body; every text in it, translated or given, is escaped. */
function htmlOf(content: EmailContent, locale: Locale, subject: string): string {
  const e = escapeHtml;
  const pairs = (rows: [string, string][]) =>
    rows.length === 0
      ? ''
      : `<table role="presentation" style="border-collapse:collapse">${rows
          .map(([label, value]) => `<tr><th ${CELL}>${e(label)}</th><td ${CELL}>${e(value)}</td></tr>`)
          .join('')}</table>`;
  const tables = content.tables
    .map(
      (table) =>
        `<h3 style="margin:20px 0 6px">${e(table.title)}</h3>` +
        `<table style="border-collapse:collapse"><thead><tr>${table.head
          .map((h) => `<th ${CELL}>${e(h)}</th>`)
          .join('')}</tr></thead><tbody>${table.rows
          .map((row) => `<tr>${row.map((cell) => `<td ${CELL}>${e(cell)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
    )
    .join('');
  return [
    `<!doctype html><html lang="${e(locale)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1f1f1f">',
    `<p>${e(content.greeting)}</p><p>${e(content.line)}</p>`,
    pairs(content.facts),
    tables,
    content.amounts.length > 0 ? `<div style="margin-top:20px">${pairs(content.amounts)}</div>` : '',
    `<p style="margin-top:24px;color:#666;font-size:12px">${e(content.footer)}</p>`,
    '</body></html>',
  ].join('');
}

/**
 * The subject, plain text and HTML of an order, group or wallet e-mail in `locale` (texts:
 * `email.*`): the summary line, the event's facts, then the travellers with their ticket numbers,
 * the flights with their local departure times and the amounts, when given.
 */
export function renderEmail(
  kind: NotificationKind,
  locale: Locale,
  params: TemplateParams,
  details: EmailDetails = {},
): RenderedEmail {
  const subject = t(locale, `email.subject.${kind}`, params);
  const content = contentOf(kind, locale, params, details);
  return { subject, text: textOf(content), html: htmlOf(content, locale, subject) };
}
