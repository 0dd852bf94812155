import type { Locale } from '@portal/domain/locale';
import { STATEMENT_SPENDING_TYPES, type SubAgencyStatement } from '@portal/domain/sub-agencies';
import { buildXlsx, type SheetColumn, type SheetRow } from '../../platform/download';
import { moneyFormat } from '../wallet/wallet.export';

interface Texts {
  sheet: string;
  file: string;
  agency: string;
  agencyId: string;
  from: string;
  to: string;
  currency: string;
  opening: string;
  topUps: string;
  spending: Record<(typeof STATEMENT_SPENDING_TYPES)[number], string>;
  closing: string;
  creditLimit: string;
}

/** Headings of the sub-agency statements export; days are UTC. */
const TEXTS: Record<Locale, Texts> = {
  en: {
    sheet: 'Sub-agency statements',
    file: 'sub-agency-statements',
    agency: 'Agency',
    agencyId: 'Agency ID',
    from: 'From (UTC)',
    to: 'To (UTC)',
    currency: 'Currency',
    opening: 'Opening balance',
    topUps: 'Top-ups',
    spending: {
      'origin-flight': 'Flight bookings',
      'origin-train': 'Train bookings',
      'refund-flight': 'Flight refunds',
      'change-flight': 'Flight changes',
      'void-flight': 'Flight voids',
    },
    closing: 'Closing balance',
    creditLimit: 'Credit limit',
  },
  'zh-cn': {
    sheet: '下级代理对账单',
    file: '下级代理对账单',
    agency: '代理',
    agencyId: '代理ID',
    from: '开始日期 (UTC)',
    to: '结束日期 (UTC)',
    currency: '币种',
    opening: '期初余额',
    topUps: '充值',
    spending: {
      'origin-flight': '机票预订',
      'origin-train': '火车票预订',
      'refund-flight': '机票退票',
      'change-flight': '机票改签',
      'void-flight': '机票废票',
    },
    closing: '期末余额',
    creditLimit: '信用额度',
  },
  'zh-tw': {
    sheet: '下級代理對帳單',
    file: '下級代理對帳單',
    agency: '代理',
    agencyId: '代理ID',
    from: '開始日期 (UTC)',
    to: '結束日期 (UTC)',
    currency: '幣種',
    opening: '期初餘額',
    topUps: '儲值',
    spending: {
      'origin-flight': '機票預訂',
      'origin-train': '火車票預訂',
      'refund-flight': '機票退票',
      'change-flight': '機票改簽',
      'void-flight': '機票廢票',
    },
    closing: '期末餘額',
    creditLimit: '信用額度',
  },
};

/** The localized and the ASCII file name of the export, dated `today` (UTC). */
export function subStatementsFileName(
  locale: Locale,
  today: Date,
): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${TEXTS[locale].file}-${date}.xlsx`,
    asciiFallback: `sub-agency-statements-${date}.xlsx`,
  };
}

/** Sub-agency statements as a sheet, one row per agency and currency, amounts as numbers. */
export function subStatementsWorkbook(
  locale: Locale,
  statements: readonly SubAgencyStatement[],
): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.agency, width: 30 },
    { header: t.agencyId, width: 10 },
    { header: t.from, width: 14 },
    { header: t.to, width: 14 },
    { header: t.currency, width: 8 },
    { header: t.opening, width: 16 },
    { header: t.topUps, width: 16 },
    ...STATEMENT_SPENDING_TYPES.map((type) => ({ header: t.spending[type], width: 16 })),
    { header: t.closing, width: 16 },
    { header: t.creditLimit, width: 16 },
  ];
  const rows: SheetRow[] = statements.map((s) => {
    const amounts = [
      s.opening,
      s.topUps,
      ...STATEMENT_SPENDING_TYPES.map((type) => s.spending[type]),
      s.closing,
      s.creditLimit,
    ];
    const fmt = moneyFormat(s.currency);
    return {
      cells: [s.agencyName, s.agencyId, s.from, s.to, s.currency, ...amounts.map((m) => Number(m.amount))],
      numFmts: Object.fromEntries(amounts.map((_, i) => [5 + i, fmt])),
    };
  });
  return buildXlsx(t.sheet, columns, rows);
}
