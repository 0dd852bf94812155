import type { Locale } from '@portal/domain/locale';
import { t } from '../../platform/i18n';

/** The facts of a new top-level agency's credentials e-mail. */
export interface CredentialsFacts {
  agencyName: string;
  contactName: string;
  username: string;
  temporaryPassword: string;
}

/** The plain-text e-mail that gives the contact of a converted application its super admin's credentials. */
export function credentialsEmail(facts: CredentialsFacts, locale: Locale): { subject: string; text: string } {
  const k = (key: Parameters<typeof t>[1], vars: Record<string, string>) => t(locale, key, vars);
  const vars = {
    agencyName: facts.agencyName,
    contactName: facts.contactName,
    username: facts.username,
    password: facts.temporaryPassword,
  };
  const lines = [
    k('agencyCredentials.greeting', vars),
    k('agencyCredentials.body', vars),
    k('agencyCredentials.username', vars),
    k('agencyCredentials.password', vars),
    k('agencyCredentials.closing', vars),
  ];
  // Plain text only: nothing in it needs markup, and no value can be taken for HTML.
  return { subject: k('agencyCredentials.subject', vars), text: lines.join('\n\n') };
}
