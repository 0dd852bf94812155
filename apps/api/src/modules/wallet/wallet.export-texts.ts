import type { Locale } from '@portal/domain/locale';
import type { PaymentChannel } from '@portal/domain/payment';
import type { InvoiceType } from '@portal/domain/shopping';
import type { EntryLabel, WalletPaymentType } from '@portal/domain/wallet';

/** The words of one export language. */
export type ExportTexts = Record<
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
export const EXPORT_TEXTS: Record<Locale, ExportTexts> = {
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
      transferOut: 'Transfer to sub-agency {a}',
      transferIn: 'Transfer from {a}',
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
      transferOut: '划拨给下级代理 {a}',
      transferIn: '来自 {a} 的划拨',
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
      transferOut: '撥款給下級代理 {a}',
      transferIn: '來自 {a} 的撥款',
    },
  },
};
