import type { Locale } from '@portal/domain/locale';
import type { InvoiceType } from '@portal/domain/shopping';
import type { PaymentChannel } from '@portal/domain/payment';
import {
  describeEntry,
  type EntryLabel,
  type TransactionRow,
  type WalletPaymentType,
  type WalletStatement,
} from '@portal/domain/wallet';
import { buildXlsx, type CellValue, type SheetColumn, type SheetRow } from '../../platform/download';
import { fromMinor, minorDigits } from './money';
import { paymentTypeOf, presentEntry } from './wallet.presenter';
import type { EntryLine } from './wallet.repo';

/** Most rows one export writes (the newest, in the list's order). */
export const EXPORT_ROW_CAP = 10_000;

type Texts = Record<
  | 'entriesSheet'
  | 'transactionsSheet'
  | 'statementsSheet'
  | 'entriesFile'
  | 'transactionsFile'
  | 'statementsFile'
  | 'paymentType'
  | 'paymentTime'
  | 'orderId'
  | 'reference'
  | 'currency'
  | 'amountPaid'
  | 'description'
  | 'invoiceType'
  | 'originalOrderId'
  | 'referenceId'
  | 'paymentMethod'
  | 'totalAmountPaid'
  | 'amount'
  | 'handlingFee'
  | 'createdOn'
  | 'period'
  | 'opening'
  | 'topUps'
  | 'orderPayments'
  | 'refunds'
  | 'adjustments'
  | 'closing',
  string
> & {
  types: Record<WalletPaymentType, string>;
  methods: Record<PaymentChannel, string>;
  invoices: Record<InvoiceType, string>;
  /** The description of an entry in this language; `{n}` is its order's booking number. */
  descriptions: Record<EntryLabel, string>;
};

/** Headings and labels of the exports; times are UTC and the headings say so. */
const TEXTS: Record<Locale, Texts> = {
  en: {
    entriesSheet: 'Wallet entries',
    transactionsSheet: 'Transactions',
    statementsSheet: 'Statements',
    entriesFile: 'wallet-entries',
    transactionsFile: 'transactions',
    statementsFile: 'wallet-statements',
    paymentType: 'Payment type',
    paymentTime: 'Payment time (UTC)',
    orderId: 'Booking number',
    reference: 'Payment reference',
    currency: 'Currency',
    amountPaid: 'Amount paid',
    description: 'Description',
    invoiceType: 'Invoice type',
    originalOrderId: 'Original booking number',
    referenceId: 'Reference ID',
    paymentMethod: 'Payment method',
    totalAmountPaid: 'Total amount paid',
    amount: 'Amount',
    handlingFee: 'Handling fee',
    createdOn: 'Created on (UTC)',
    period: 'Period',
    opening: 'Opening balance',
    topUps: 'Top-ups',
    orderPayments: 'Order payments',
    refunds: 'Refunds and reimbursements',
    adjustments: 'Other adjustments',
    closing: 'Closing balance',
    types: {
      'top-up': 'Top-up',
      'origin-flight': 'Flight booking',
      'origin-train': 'Train booking',
      'refund-flight': 'Flight refund',
      'change-flight': 'Flight change',
      'void-flight': 'Flight void',
    },
    methods: {
      alipay: 'Alipay',
      balance: 'Balance',
      'wechat-pay': 'WeChat Pay',
      'yeepay-alipay': 'YeePay Alipay',
      'yeepay-credit-card': 'YeePay credit card',
      'yeepay-debit-card': 'YeePay debit card',
      'yeepay-wechat': 'YeePay WeChat',
      airwallex: 'Airwallex',
      stripe: 'Stripe',
      abapay: 'ABA Pay',
    },
    invoices: {
      bill: 'Bill',
      itinerary: 'Itinerary',
      'itinerary-with-bill': 'Itinerary with bill',
      none: 'None',
    },
    descriptions: {
      openingBalance: 'Opening balance',
      flightOrder: 'Flight order {n}',
      flightChange: 'Flight change order {n}',
      flightRefund: 'Refund: flight order {n}',
      flightVoid: 'Void: flight order {n}',
      ticketingFailed: 'Ticketing failed: flight order {n}',
      changeFailed: 'Change failed: flight order {n}',
      groupInstalment1: 'Group order {n}: first deposit',
      groupInstalment2: 'Group order {n}: second deposit',
      groupInstalment3: 'Group order {n}: third deposit',
      groupInstalment4: 'Group order {n}: final payment',
      trainOrder: 'Train order {n}',
      trainRefund: 'Train order refund {n}',
    },
  },
  'zh-cn': {
    entriesSheet: '钱包流水',
    transactionsSheet: '全部交易',
    statementsSheet: '对账单',
    entriesFile: '钱包流水',
    transactionsFile: '全部交易',
    statementsFile: '钱包对账单',
    paymentType: '支付类型',
    paymentTime: '支付时间（UTC）',
    orderId: '订单号',
    reference: '支付参考号',
    currency: '币种',
    amountPaid: '支付金额',
    description: '说明',
    invoiceType: '发票类型',
    originalOrderId: '原订单号',
    referenceId: '交易流水号',
    paymentMethod: '支付方式',
    totalAmountPaid: '实付总额',
    amount: '金额',
    handlingFee: '手续费',
    createdOn: '创建时间（UTC）',
    period: '期间',
    opening: '期初余额',
    topUps: '充值',
    orderPayments: '订单支付',
    refunds: '退款及退回',
    adjustments: '其他调整',
    closing: '期末余额',
    types: {
      'top-up': '充值',
      'origin-flight': '机票预订',
      'origin-train': '火车票预订',
      'refund-flight': '机票退票',
      'change-flight': '机票改签',
      'void-flight': '机票废票',
    },
    methods: {
      alipay: '支付宝',
      balance: '余额',
      'wechat-pay': '微信支付',
      'yeepay-alipay': '易宝支付宝',
      'yeepay-credit-card': '易宝信用卡',
      'yeepay-debit-card': '易宝借记卡',
      'yeepay-wechat': '易宝微信',
      airwallex: 'Airwallex',
      stripe: 'Stripe',
      abapay: 'ABA Pay',
    },
    invoices: { bill: '发票', itinerary: '行程单', 'itinerary-with-bill': '行程单及发票', none: '无' },
    descriptions: {
      openingBalance: '期初余额',
      flightOrder: '机票订单 {n}',
      flightChange: '机票改签订单 {n}',
      flightRefund: '退票：机票订单 {n}',
      flightVoid: '废票：机票订单 {n}',
      ticketingFailed: '出票失败：机票订单 {n}',
      changeFailed: '改签失败：机票订单 {n}',
      groupInstalment1: '团队订单 {n}：第一期订金',
      groupInstalment2: '团队订单 {n}：第二期订金',
      groupInstalment3: '团队订单 {n}：第三期订金',
      groupInstalment4: '团队订单 {n}：尾款',
      trainOrder: '火车票订单 {n}',
      trainRefund: '火车票订单退款 {n}',
    },
  },
  'zh-tw': {
    entriesSheet: '錢包流水',
    transactionsSheet: '全部交易',
    statementsSheet: '對帳單',
    entriesFile: '錢包流水',
    transactionsFile: '全部交易',
    statementsFile: '錢包對帳單',
    paymentType: '支付類型',
    paymentTime: '支付時間（UTC）',
    orderId: '訂單號',
    reference: '支付參考號',
    currency: '幣別',
    amountPaid: '支付金額',
    description: '說明',
    invoiceType: '發票類型',
    originalOrderId: '原訂單號',
    referenceId: '交易流水號',
    paymentMethod: '支付方式',
    totalAmountPaid: '實付總額',
    amount: '金額',
    handlingFee: '手續費',
    createdOn: '建立時間（UTC）',
    period: '期間',
    opening: '期初餘額',
    topUps: '儲值',
    orderPayments: '訂單支付',
    refunds: '退款及退回',
    adjustments: '其他調整',
    closing: '期末餘額',
    types: {
      'top-up': '儲值',
      'origin-flight': '機票預訂',
      'origin-train': '火車票預訂',
      'refund-flight': '機票退票',
      'change-flight': '機票改簽',
      'void-flight': '機票廢票',
    },
    methods: {
      alipay: '支付寶',
      balance: '餘額',
      'wechat-pay': '微信支付',
      'yeepay-alipay': '易寶支付寶',
      'yeepay-credit-card': '易寶信用卡',
      'yeepay-debit-card': '易寶簽帳卡',
      'yeepay-wechat': '易寶微信',
      airwallex: 'Airwallex',
      stripe: 'Stripe',
      abapay: 'ABA Pay',
    },
    invoices: { bill: '發票', itinerary: '行程單', 'itinerary-with-bill': '行程單及發票', none: '無' },
    descriptions: {
      openingBalance: '期初餘額',
      flightOrder: '機票訂單 {n}',
      flightChange: '機票改簽訂單 {n}',
      flightRefund: '退票：機票訂單 {n}',
      flightVoid: '廢票：機票訂單 {n}',
      ticketingFailed: '開票失敗：機票訂單 {n}',
      changeFailed: '改簽失敗：機票訂單 {n}',
      groupInstalment1: '團體訂單 {n}：第一期訂金',
      groupInstalment2: '團體訂單 {n}：第二期訂金',
      groupInstalment3: '團體訂單 {n}：第三期訂金',
      groupInstalment4: '團體訂單 {n}：尾款',
      trainOrder: '火車票訂單 {n}',
      trainRefund: '火車票訂單退款 {n}',
    },
  },
};

const ASCII_FILE = {
  entriesFile: 'wallet-entries',
  transactionsFile: 'transactions',
  statementsFile: 'wallet-statements',
};

/** Excel number format with the currency's minor digits ('#,##0.00' for CNY, '#,##0' for JPY). */
export function moneyFormat(currency: string): string {
  const digits = minorDigits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
}

/** Minor units as the number written into a cell (exact for the currency's decimals). */
const moneyNumber = (minor: number, currency: string) => Number(fromMinor(minor, currency));

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The localized and the ASCII file name of an export, dated `today` (UTC). */
export function exportFileName(
  locale: Locale,
  which: keyof typeof ASCII_FILE,
  today: Date,
): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${TEXTS[locale][which]}-${date}.xlsx`,
    asciiFallback: `${ASCII_FILE[which]}-${date}.xlsx`,
  };
}

/** The invoice-type cell of a row's order (empty for rows without an order or a known type). */
function invoiceCell(
  t: (typeof TEXTS)[Locale],
  invoiceTypes: Map<string, InvoiceType>,
  orderId: string | null,
): CellValue {
  const type = orderId ? invoiceTypes.get(orderId) : undefined;
  return type ? t.invoices[type] : null;
}

/** An entry's description in the export's language; the stored text for entries without a label. */
function descriptionCell(t: (typeof TEXTS)[Locale], line: EntryLine): string {
  const described = describeEntry(presentEntry(line));
  return described
    ? t.descriptions[described.label].replace('{n}', described.bookingNumber)
    : line.description;
}

/** Wallet entries as a sheet; `invoiceTypes` (order id -> type) adds the invoice-type column. */
export function entriesWorkbook(
  locale: Locale,
  lines: EntryLine[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.paymentType, width: 16 },
    { header: t.paymentTime, width: 20, numFmt: TIME_FORMAT },
    { header: t.orderId, width: 20 },
    { header: t.reference, width: 20 },
    { header: t.currency, width: 8 },
    { header: t.amountPaid, width: 16 },
    { header: t.description, width: 36 },
  ];
  if (invoiceTypes) columns.push({ header: t.invoiceType, width: 16 });
  const rows: SheetRow[] = lines.map((line) => {
    const cells: CellValue[] = [
      t.types[paymentTypeOf(line.kind)],
      line.createdAt,
      line.order?.bookingNumber ?? line.orderId,
      line.reference,
      line.currency,
      moneyNumber(line.amountMinor, line.currency),
      descriptionCell(t, line),
    ];
    if (invoiceTypes) cells.push(invoiceCell(t, invoiceTypes, line.orderId));
    return { cells, numFmts: { 5: moneyFormat(line.currency) } };
  });
  return buildXlsx(t.entriesSheet, columns, rows);
}

/** 'All Transactions' as a sheet; `invoiceTypes` adds the invoice-type column. */
export function transactionsWorkbook(
  locale: Locale,
  rows: TransactionRow[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.originalOrderId, width: 20 },
    { header: t.referenceId, width: 20 },
    { header: t.paymentMethod, width: 14 },
    { header: t.currency, width: 8 },
    { header: t.totalAmountPaid, width: 16 },
    { header: t.amount, width: 16 },
    { header: t.handlingFee, width: 14 },
    { header: t.paymentTime, width: 20, numFmt: TIME_FORMAT },
    { header: t.createdOn, width: 20, numFmt: TIME_FORMAT },
  ];
  if (invoiceTypes) columns.push({ header: t.invoiceType, width: 16 });
  const sheetRows: SheetRow[] = rows.map((r) => {
    const { currency } = r.amount;
    const cells: CellValue[] = [
      r.bookingNumber ?? r.originalOrderId,
      r.referenceId,
      t.methods[r.paymentMethod],
      currency,
      Number(r.totalAmountPaid.amount),
      Number(r.amount.amount),
      Number(r.handlingFee.amount),
      new Date(r.paymentTime),
      new Date(r.createdOn),
    ];
    if (invoiceTypes) cells.push(invoiceCell(t, invoiceTypes, r.originalOrderId));
    const fmt = moneyFormat(currency);
    return { cells, numFmts: { 4: fmt, 5: fmt, 6: fmt } };
  });
  return buildXlsx(t.transactionsSheet, columns, sheetRows);
}

/** Statements as a sheet, one row per period and currency. */
export function statementsWorkbook(locale: Locale, statements: WalletStatement[]): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.period, width: 10 },
    { header: t.currency, width: 8 },
    { header: t.opening, width: 16 },
    { header: t.topUps, width: 16 },
    { header: t.orderPayments, width: 16 },
    { header: t.refunds, width: 18 },
    { header: t.adjustments, width: 16 },
    { header: t.closing, width: 16 },
  ];
  const rows: SheetRow[] = statements.map((s) => {
    const fmt = moneyFormat(s.currency);
    return {
      cells: [
        s.period,
        s.currency,
        ...[s.opening, s.topUps, s.orderPayments, s.refunds, s.adjustments, s.closing].map((m) =>
          Number(m.amount),
        ),
      ],
      numFmts: { 2: fmt, 3: fmt, 4: fmt, 5: fmt, 6: fmt, 7: fmt },
    };
  });
  return buildXlsx(t.statementsSheet, columns, rows);
}
