import { countryName } from '@portal/reference-data/country-names';
import type { Locale } from '@portal/domain/locale';
import { t } from '../../platform/i18n';
import { escapeHtml, type PlatformEmail } from '../notifications/index';
import type { ApplicationRow } from './applications.schema';

type Field =
  'name' | 'email' | 'phone' | 'country' | 'companyName' | 'companyAddress' | 'website' | 'others' | 'locale';

/** The e-mail that tells the platform's sales address about a new enquiry, in `locale`. */
export function applicationEmail(row: ApplicationRow, to: string, locale: Locale): PlatformEmail {
  const phone = row.phone ? `${row.phoneAreaCode ? `+${row.phoneAreaCode} ` : ''}${row.phone}` : null;
  const values: Record<Field, string | null> = {
    name: row.name,
    email: row.email,
    phone,
    country: `${countryName(row.country, locale)} (${row.country})`,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    website: row.website,
    others: row.others,
    locale: row.locale,
  };
  const lines = (Object.entries(values) as [Field, string | null][])
    .filter(([, value]) => value !== null && value !== '')
    .map(([field, value]) => [t(locale, `applicationEmail.field.${field}`), value ?? ''] as const);
  const subject = t(locale, 'applicationEmail.subject', { name: row.companyName ?? row.name });
  const intro = t(locale, 'applicationEmail.intro', { id: row.id });
  const text = [intro, '', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const rows = lines
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<p>${escapeHtml(intro)}</p><table>${rows}</table>`;
  return { kind: 'platform.application', to, subject, text, html, locale };
}
