import type { Locale } from '@portal/domain/locale';
import type { NotificationKind } from './notifications.schema';

/** Values an e-mail is written from; extra event values are listed under the summary. */
export type TemplateParams = Readonly<Record<string, string | number | null>>;

interface Wording {
  subject: Record<NotificationKind, string>;
  /** The sentence that says what happened. */
  line: Record<NotificationKind, string>;
  greeting: string;
  labels: {
    bookingNumber: string;
    route: string;
    departure: string;
    reason: string;
    amount: string;
    reference: string;
    available: string;
    threshold: string;
  };
  footer: string;
}

const EN: Wording = {
  subject: {
    'order.booked': 'Booking {bookingNumber} received',
    'order.issued': 'Tickets issued for booking {bookingNumber}',
    'order.ticketing_failed': 'Ticketing failed for booking {bookingNumber}',
    'change.requested': 'Change request {bookingNumber} submitted',
    'change.quoted': 'Change request {bookingNumber} quoted',
    'change.rejected': 'Change request {bookingNumber} rejected',
    'change.completed': 'Change {bookingNumber} completed',
    'change.failed': 'Change {bookingNumber} failed',
    'change.canceled': 'Change request {bookingNumber} canceled',
    'refund.requested': 'Refund request {bookingNumber} submitted',
    'refund.quoted': 'Refund request {bookingNumber} quoted: please confirm',
    'refund.rejected': 'Refund request {bookingNumber} rejected',
    'refund.completed': 'Refund {bookingNumber} completed',
    'refund.failed': 'Refund {bookingNumber} failed',
    'refund.canceled': 'Refund request {bookingNumber} canceled',
    'void.completed': 'Void {bookingNumber} completed',
    'void.rejected': 'Void request {bookingNumber} rejected',
    'void.failed': 'Void {bookingNumber} failed',
    'disruption.raised': 'Schedule change on booking {bookingNumber}',
    'wallet.topped_up': 'Your wallet was topped up with {amount} {currency}',
    'wallet.credit_low': 'Available balance below {threshold} {currency}',
    'train.ticketed': 'Train tickets issued for booking {bookingNumber}',
    'group.quoted': 'Group request {bookingNumber} quoted: please choose a quote',
    'group.failed': 'Group order {bookingNumber} failed',
    'group.issued': 'Tickets issued for group order {bookingNumber}',
  },
  line: {
    'order.booked': 'We have received your booking. It will be ticketed once it is paid.',
    'order.issued': 'Your tickets have been issued.',
    'order.ticketing_failed':
      'The airline could not issue the tickets of this booking. Any payment is returned.',
    'change.requested': 'Your change request has been submitted and is being reviewed.',
    'change.quoted': 'Your change request has been reviewed and quoted.',
    'change.rejected': 'Your change request has been rejected.',
    'change.completed': 'Your change is complete and the new tickets are issued.',
    'change.failed':
      'The airline could not reissue the tickets of your change. Any payment is returned to your wallet; the original tickets stay valid.',
    'change.canceled':
      'Your change request was not paid before its deadline and has been canceled. The original tickets stay valid.',
    'refund.requested': 'Your refund request has been submitted and is being reviewed.',
    'refund.quoted': 'Your refund request has been quoted. Please confirm it before the deadline.',
    'refund.rejected': 'Your refund request has been rejected.',
    'refund.completed': 'Your refund is complete; the refundable total is credited to your wallet.',
    'refund.failed':
      'The airline could not refund the tickets of your request. The tickets stay valid; please try again or contact us.',
    'refund.canceled':
      'Your refund request has been canceled. The tickets stay valid and can be changed or refunded again.',
    'void.completed': 'Your tickets have been voided; the amount is credited to your wallet.',
    'void.rejected': 'Your void request has been rejected.',
    'void.failed':
      'The airline could not void the tickets of your request. The tickets stay valid; please try again or contact us.',
    'disruption.raised':
      'The airline has changed the schedule of a flight in this booking. Please check the booking.',
    'wallet.topped_up': 'Funds have been added to your wallet.',
    'wallet.credit_low':
      'The available amount of your wallet (balance plus credit limit) has fallen below your alert threshold. Please add funds to keep booking.',
    'train.ticketed': 'Your train tickets have been issued.',
    'group.quoted':
      'The group desk has quoted your request. Choose a quote before its confirm-by time; seats are not held until then.',
    'group.failed': 'Your group order has failed. Deposits already paid are not refunded.',
    'group.issued': 'The tickets of your group order have been issued, one per passenger.',
  },
  greeting: 'Hello,',
  labels: {
    bookingNumber: 'Booking number',
    route: 'Route',
    departure: 'Departure',
    reason: 'Reason',
    amount: 'Amount',
    reference: 'Reference',
    available: 'Available amount',
    threshold: 'Alert threshold',
  },
  footer: 'This message was sent by the travel portal. Please do not reply to it.',
};

const ZH_CN: Wording = {
  subject: {
    'order.booked': '已收到订单 {bookingNumber}',
    'order.issued': '订单 {bookingNumber} 已出票',
    'order.ticketing_failed': '订单 {bookingNumber} 出票失败',
    'change.requested': '改签申请 {bookingNumber} 已提交',
    'change.quoted': '改签申请 {bookingNumber} 已报价',
    'change.rejected': '改签申请 {bookingNumber} 已被拒绝',
    'change.completed': '改签 {bookingNumber} 已完成',
    'change.failed': '改签 {bookingNumber} 失败',
    'change.canceled': '改签申请 {bookingNumber} 已取消',
    'refund.requested': '退票申请 {bookingNumber} 已提交',
    'refund.quoted': '退票申请 {bookingNumber} 已报价，请确认',
    'refund.rejected': '退票申请 {bookingNumber} 已被拒绝',
    'refund.completed': '退票 {bookingNumber} 已完成',
    'refund.failed': '退票 {bookingNumber} 失败',
    'refund.canceled': '退票申请 {bookingNumber} 已取消',
    'void.completed': '废票 {bookingNumber} 已完成',
    'void.rejected': '废票申请 {bookingNumber} 已被拒绝',
    'void.failed': '废票 {bookingNumber} 失败',
    'disruption.raised': '订单 {bookingNumber} 航班变动',
    'wallet.topped_up': '您的钱包已充值 {amount} {currency}',
    'wallet.credit_low': '可用余额低于 {threshold} {currency}',
    'train.ticketed': '火车票订单 {bookingNumber} 已出票',
    'group.quoted': '团队申请 {bookingNumber} 已报价，请选择报价',
    'group.failed': '团队订单 {bookingNumber} 已失败',
    'group.issued': '团队订单 {bookingNumber} 已出票',
  },
  line: {
    'order.booked': '我们已收到您的订单，支付后将为您出票。',
    'order.issued': '您的机票已出票。',
    'order.ticketing_failed': '航空公司未能为此订单出票，已支付的款项将退回。',
    'change.requested': '您的改签申请已提交，正在审核中。',
    'change.quoted': '您的改签申请已审核并报价。',
    'change.rejected': '您的改签申请已被拒绝。',
    'change.completed': '改签已完成，新机票已出票。',
    'change.failed': '航空公司未能为您的改签重新出票，已支付的款项将退回您的钱包，原机票仍然有效。',
    'change.canceled': '您的改签申请未在截止时间前支付，已被取消，原机票仍然有效。',
    'refund.requested': '您的退票申请已提交，正在审核中。',
    'refund.quoted': '您的退票申请已报价，请在截止时间前确认。',
    'refund.rejected': '您的退票申请已被拒绝。',
    'refund.completed': '退票已完成，可退金额已退回您的钱包。',
    'refund.failed': '航空公司未能办理退票，机票仍然有效，请重试或联系我们。',
    'refund.canceled': '您的退票申请已取消，机票仍然有效，可再次申请改签或退票。',
    'void.completed': '机票已作废，款项已退回您的钱包。',
    'void.rejected': '您的废票申请已被拒绝。',
    'void.failed': '航空公司未能办理废票，机票仍然有效，请重试或联系我们。',
    'disruption.raised': '航空公司变更了此订单中航班的时刻，请查看订单。',
    'wallet.topped_up': '您的钱包已到账一笔充值。',
    'wallet.credit_low': '您钱包的可用金额（余额加信用额度）已低于提醒阈值，请及时充值以免影响预订。',
    'train.ticketed': '您的火车票已出票。',
    'group.quoted': '团队柜台已对您的申请报价，请在确认截止时间前选择报价；在此之前不保留座位。',
    'group.failed': '您的团队订单已失败，已支付的订金不予退还。',
    'group.issued': '您的团队订单已出票，每位乘客一张机票。',
  },
  greeting: '您好：',
  labels: {
    bookingNumber: '订单号',
    route: '航程',
    departure: '出发时间',
    reason: '原因',
    amount: '金额',
    reference: '参考号',
    available: '可用金额',
    threshold: '提醒阈值',
  },
  footer: '此邮件由差旅平台自动发送，请勿回复。',
};

const ZH_TW: Wording = {
  subject: {
    'order.booked': '已收到訂單 {bookingNumber}',
    'order.issued': '訂單 {bookingNumber} 已開票',
    'order.ticketing_failed': '訂單 {bookingNumber} 開票失敗',
    'change.requested': '改簽申請 {bookingNumber} 已提交',
    'change.quoted': '改簽申請 {bookingNumber} 已報價',
    'change.rejected': '改簽申請 {bookingNumber} 已被拒絕',
    'change.completed': '改簽 {bookingNumber} 已完成',
    'change.failed': '改簽 {bookingNumber} 失敗',
    'change.canceled': '改簽申請 {bookingNumber} 已取消',
    'refund.requested': '退票申請 {bookingNumber} 已提交',
    'refund.quoted': '退票申請 {bookingNumber} 已報價，請確認',
    'refund.rejected': '退票申請 {bookingNumber} 已被拒絕',
    'refund.completed': '退票 {bookingNumber} 已完成',
    'refund.failed': '退票 {bookingNumber} 失敗',
    'refund.canceled': '退票申請 {bookingNumber} 已取消',
    'void.completed': '廢票 {bookingNumber} 已完成',
    'void.rejected': '廢票申請 {bookingNumber} 已被拒絕',
    'void.failed': '廢票 {bookingNumber} 失敗',
    'disruption.raised': '訂單 {bookingNumber} 航班異動',
    'wallet.topped_up': '您的錢包已儲值 {amount} {currency}',
    'wallet.credit_low': '可用餘額低於 {threshold} {currency}',
    'train.ticketed': '火車票訂單 {bookingNumber} 已開票',
    'group.quoted': '團隊申請 {bookingNumber} 已報價，請選擇報價',
    'group.failed': '團隊訂單 {bookingNumber} 已失敗',
    'group.issued': '團隊訂單 {bookingNumber} 已開票',
  },
  line: {
    'order.booked': '我們已收到您的訂單，付款後將為您開票。',
    'order.issued': '您的機票已開票。',
    'order.ticketing_failed': '航空公司未能為此訂單開票，已支付的款項將退回。',
    'change.requested': '您的改簽申請已提交，正在審核中。',
    'change.quoted': '您的改簽申請已審核並報價。',
    'change.rejected': '您的改簽申請已被拒絕。',
    'change.completed': '改簽已完成，新機票已開票。',
    'change.failed': '航空公司未能為您的改簽重新開票，已支付的款項將退回您的錢包，原機票仍然有效。',
    'change.canceled': '您的改簽申請未在截止時間前付款，已被取消，原機票仍然有效。',
    'refund.requested': '您的退票申請已提交，正在審核中。',
    'refund.quoted': '您的退票申請已報價，請在截止時間前確認。',
    'refund.rejected': '您的退票申請已被拒絕。',
    'refund.completed': '退票已完成，可退金額已退回您的錢包。',
    'refund.failed': '航空公司未能辦理退票，機票仍然有效，請重試或聯絡我們。',
    'refund.canceled': '您的退票申請已取消，機票仍然有效，可再次申請改簽或退票。',
    'void.completed': '機票已作廢，款項已退回您的錢包。',
    'void.rejected': '您的廢票申請已被拒絕。',
    'void.failed': '航空公司未能辦理廢票，機票仍然有效，請重試或聯絡我們。',
    'disruption.raised': '航空公司變更了此訂單中航班的時刻，請查看訂單。',
    'wallet.topped_up': '您的錢包已收到一筆儲值。',
    'wallet.credit_low': '您錢包的可用金額（餘額加信用額度）已低於提醒門檻，請及時儲值以免影響預訂。',
    'train.ticketed': '您的火車票已開票。',
    'group.quoted': '團隊櫃台已對您的申請報價，請在確認截止時間前選擇報價；在此之前不保留座位。',
    'group.failed': '您的團隊訂單已失敗，已支付的訂金不予退還。',
    'group.issued': '您的團隊訂單已開票，每位乘客一張機票。',
  },
  greeting: '您好：',
  labels: {
    bookingNumber: '訂單號',
    route: '航程',
    departure: '出發時間',
    reason: '原因',
    amount: '金額',
    reference: '參考號',
    available: '可用金額',
    threshold: '提醒門檻',
  },
  footer: '此郵件由差旅平台自動發送，請勿回覆。',
};

const WORDING: Record<Locale, Wording> = { en: EN, 'zh-cn': ZH_CN, 'zh-tw': ZH_TW };

function fill(template: string, params: TemplateParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** `1234.50 CNY` from an amount and its currency parameter; undefined without an amount. */
function money(
  amount: string | number | null | undefined,
  currency: string | number | null | undefined,
): string | undefined {
  if (amount === undefined || amount === null) return undefined;
  return currency ? `${String(amount)} ${String(currency)}` : String(amount);
}

/** The subject and plain text of an order or wallet e-mail in `locale`. */
export function renderEmail(
  kind: NotificationKind,
  locale: Locale,
  params: TemplateParams,
): { subject: string; text: string } {
  const w = WORDING[locale];
  const lines = [w.greeting, '', w.line[kind], ''];
  const facts: [string, string | number | null | undefined][] = [
    [w.labels.bookingNumber, params.bookingNumber],
    [w.labels.route, params.route],
    [w.labels.departure, params.departure],
    [w.labels.reason, params.reason],
    [w.labels.amount, money(params.amount, params.currency)],
    [w.labels.reference, params.reference],
    [w.labels.available, money(params.available, params.currency)],
    [w.labels.threshold, money(params.threshold, params.currency)],
  ];
  for (const [label, value] of facts) {
    if (value !== undefined && value !== null && value !== '') lines.push(`${label}: ${String(value)}`);
  }
  lines.push('', w.footer);
  return { subject: fill(w.subject[kind], params), text: lines.join('\n') };
}
