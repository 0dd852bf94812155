import { PARTNER_AGENCY_ID } from '@portal/domain/limits';
import type { Locale } from '@portal/domain/locale';

/** True when the logged-in company is the partner agency (id 222). */
export function isPartnerCompany(companyId: number | undefined): boolean {
  return companyId === PARTNER_AGENCY_ID;
}

/** The locale in force: the partner agency is always zh-cn (spec §1), else the user's choice. */
export function effectiveLocale(chosen: Locale, companyId: number | undefined): Locale {
  return isPartnerCompany(companyId) ? 'zh-cn' : chosen;
}
