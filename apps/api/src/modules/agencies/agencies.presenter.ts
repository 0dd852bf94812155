import type { CompanyInfo } from '@portal/domain/auth';
import { isCurrency } from '@portal/domain/currency';
import type { AgencyRow } from '../../platform/db/schema';

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
    config: {
      commonConfig: {
        enableFlightService: c.enableFlightService === true,
        enableTrainService: c.enableTrainService === true,
        isShowBill: c.isShowBill === true,
        canCreateSubAgency: c.canCreateSubAgency === true,
        settlementCurrency: isCurrency(c.settlementCurrency) ? c.settlementCurrency : 'CNY',
      },
    },
  };
}
