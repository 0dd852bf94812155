import type { Locale } from '@portal/domain/locale';
import { t } from '../../platform/i18n';
import type { NotificationKind } from './notifications.schema';

/** Values an e-mail is written from; extra event values are listed under the summary. */
export type TemplateParams = Readonly<Record<string, string | number | null>>;

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

/** The subject and plain text of an order or wallet e-mail in `locale` (texts: `email.*`). */
export function renderEmail(
  kind: NotificationKind,
  locale: Locale,
  params: TemplateParams,
): { subject: string; text: string } {
  const lines = [t(locale, 'email.greeting'), '', t(locale, `email.line.${kind}`), ''];
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
  for (const fact of FACTS) {
    const value = values[fact];
    if (value !== undefined && value !== null && value !== '')
      lines.push(`${t(locale, `email.label.${fact}`)}: ${String(value)}`);
  }
  lines.push('', t(locale, 'email.footer'));
  return { subject: t(locale, `email.subject.${kind}`, params), text: lines.join('\n') };
}
