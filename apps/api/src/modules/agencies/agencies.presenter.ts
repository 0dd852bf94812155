import type { SubAgency } from '@portal/domain/agencies';
import type { CompanyInfo } from '@portal/domain/auth';
import { isCurrency } from '@portal/domain/currency';
import type { WalletBalance } from '@portal/domain/wallet';
import type { AgencyRow } from './agencies.schema';

/** The agency as its own users see it (spec §3 company). */
export function presentCompany(row: AgencyRow): CompanyInfo {
  const c = row.commonConfig;
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    logo: row.logo,
    proxyLevel: row.proxyLevel,
    parentId: row.parentId,
    timeZone: row.timeZone,
    config: {
      commonConfig: {
        enableFlightService: c.enableFlightService === true,
        enableTrainService: c.enableTrainService === true,
        isShowBill: c.isShowBill === true,
        canCreateSubAgency: c.canCreateSubAgency === true,
        settlementCurrency: isCurrency(c.settlementCurrency) ? c.settlementCurrency : 'CNY',
        hidePnrBooking: c.hidePnrBooking === true,
        disablePayment: c.disablePayment === true,
      },
    },
  };
}

/** What a sub-agency's tree node needs besides its row. */
export interface SubAgencyFacts {
  wallet: WalletBalance;
  childrenCount: number;
  superAdmin: { id: number; username: string } | null;
}

/** The address the resized logo is served at; `v` changes with every upload (caches follow). */
export function logoUrl(agencyId: number, fileId: string): string {
  return `/base/v2/agencies/${agencyId}/logo?v=${fileId.slice(0, 12)}`;
}

/** A sub-agency as its agency manager sees it (spec §3 agency fields). */
export function presentSubAgency(row: AgencyRow, facts: SubAgencyFacts): SubAgency {
  const profile = row.profile;
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    partnerCode: row.partnerCode,
    enabled: row.enabled,
    parentId: row.parentId,
    proxyLevel: row.proxyLevel,
    advisor: row.advisor,
    contactName: profile.contactName ?? null,
    email: profile.email ?? null,
    phone: profile.phone ?? null,
    allowedDomains: [...row.allowedDomains],
    extraInfo: profile.extraInfo ?? null,
    logo: row.logoFile ? logoUrl(row.id, row.logoFile) : null,
    canCreateSubAgency: row.commonConfig.canCreateSubAgency === true,
    wallet: facts.wallet,
    childrenCount: facts.childrenCount,
    superAdmin: facts.superAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}
