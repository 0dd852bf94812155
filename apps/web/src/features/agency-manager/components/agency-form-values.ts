import type { CreateAgencyInput, SubAgency, UpdateAgencyInput } from '@portal/domain/agencies';

/** The create / edit form's values, all as the inputs hold them. */
export interface AgencyValues {
  name: string;
  alias: string;
  advisor: string;
  contactName: string;
  email: string;
  areaCode: string;
  phone: string;
  allowedDomains: string[];
  parentId: number;
  extraInfo: string;
  superAdminUsername: string;
}

/** The form's starting values: the agency's when editing, else empty under `ownAgencyId`. */
export function valuesOf(
  agency: SubAgency | undefined,
  ownAgencyId: number,
  defaultRegion: string,
): AgencyValues {
  return {
    name: agency?.name ?? '',
    alias: agency?.alias ?? '',
    advisor: agency?.advisor ?? '',
    contactName: agency?.contactName ?? '',
    email: agency?.email ?? '',
    areaCode: agency?.phone?.areaCode ?? defaultRegion,
    phone: agency?.phone?.number ?? '',
    allowedDomains: agency?.allowedDomains ?? [],
    parentId: agency?.parentId ?? ownAgencyId,
    extraInfo: agency?.extraInfo ?? '',
    superAdminUsername: '',
  };
}

function fieldsOf(v: AgencyValues) {
  const text = (s: string) => s.trim() || null;
  const number = v.phone.trim();
  return {
    name: v.name.trim(),
    alias: text(v.alias),
    advisor: text(v.advisor),
    contactName: v.contactName.trim(),
    email: v.email.trim(),
    phone: number ? { areaCode: v.areaCode.trim(), number } : null,
    allowedDomains: v.allowedDomains.map((d) => d.trim().toLowerCase()),
    extraInfo: text(v.extraInfo),
  };
}

/** POST body: the parent is sent only when it is not the caller's own agency (the API's default). */
export function createBodyOf(v: AgencyValues, ownAgencyId: number): CreateAgencyInput {
  return {
    ...fieldsOf(v),
    ...(v.parentId !== ownAgencyId ? { parentId: v.parentId } : {}),
    superAdminUsername: v.superAdminUsername.trim(),
  };
}

/** PUT body: the whole record; the parent only when it changed (left out, it stays). */
export function updateBodyOf(v: AgencyValues, agency: SubAgency): UpdateAgencyInput {
  return {
    ...fieldsOf(v),
    ...(v.parentId !== agency.parentId ? { parentId: v.parentId } : {}),
  };
}
