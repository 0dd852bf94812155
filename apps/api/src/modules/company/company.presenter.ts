import type { CompanyProfile } from '@portal/domain/company';
import type { AgencyRow } from '../agencies/index';

/** The agency's profile as /company shows it; `canEdit` says whether the caller may change it. */
export function presentCompanyProfile(row: AgencyRow, canEdit: boolean): CompanyProfile {
  const p = row.profile;
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    contactName: p.contactName ?? null,
    email: p.email ?? null,
    phone: p.phone ? { areaCode: p.phone.areaCode, number: p.phone.number } : null,
    address: p.address ?? null,
    website: p.website ?? null,
    extraInfo: p.extraInfo ?? null,
    timeZone: row.timeZone,
    canEdit,
  };
}
