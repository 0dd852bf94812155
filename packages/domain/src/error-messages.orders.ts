import type { ErrorKey } from './errors';
import type { Locale } from './locale';

/** The error keys of orders and their money: bookings, payments, after-sales, group orders, disruptions, wallets. */
type OrderErrorKey = Extract<
  ErrorKey,
  `${'order' | 'afterSales' | 'payment' | 'wallet' | 'groupOrder' | 'disruption'}.${string}`
>;

/** The messages of `OrderErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const ORDER_ERROR_MESSAGES: Record<OrderErrorKey, Record<Locale, string>> = {
  'order.error.notFound': { en: 'Booking does not exist', 'zh-cn': '订单不存在', 'zh-tw': '訂單不存在' },
  'order.error.documentNotReady': {
    en: 'The documents of this booking are available once its tickets are issued',
    'zh-cn': '该订单出票后才能下载行程单等单据',
    'zh-tw': '該訂單開票後才能下載行程單等單據',
  },
  'order.error.invoiceNotOffered': {
    en: 'The fare of this booking comes without an invoice',
    'zh-cn': '该订单的运价不提供报销凭证',
    'zh-tw': '該訂單的運價不提供報銷憑證',
  },
  'order.error.illegalTransition': {
    en: 'This booking cannot go from {from} to {to}',
    'zh-cn': '该订单无法从{from}变更为{to}',
    'zh-tw': '該訂單無法從{from}變更為{to}',
  },
  'order.error.quoteChanged': {
    en: 'The price or conditions of this fare changed, please check the new quote',
    'zh-cn': '该运价的价格或条件已变化，请确认新的报价',
    'zh-tw': '該運價的價格或條件已變化，請確認新的報價',
  },
  'order.error.bookingFailed': {
    en: 'The airline could not confirm this booking, please search again',
    'zh-cn': '航司未能确认该预订，请重新搜索',
    'zh-tw': '航空公司未能確認該預訂，請重新搜尋',
  },
  'payment.error.insufficientBalance': {
    en: 'Insufficient account balance',
    'zh-cn': '账户余额不足',
    'zh-tw': '帳戶餘額不足',
  },
  'payment.error.cannotProcess': {
    en: 'The information cannot be processed',
    'zh-cn': '信息无法处理',
    'zh-tw': '資訊無法處理',
  },
  'payment.error.failed': { en: 'Payment failed', 'zh-cn': '支付失败', 'zh-tw': '支付失敗' },
  'payment.error.timeout': { en: 'Payment timeout', 'zh-cn': '支付超时', 'zh-tw': '支付逾時' },
  'payment.error.expired': {
    en: 'The payment time has expired, please contact the administrator',
    'zh-cn': '支付时间已过期，请联系管理员',
    'zh-tw': '支付時間已過期，請聯絡管理員',
  },
  'payment.error.disabled': {
    en: 'Payment is disabled for your agency, please contact the administrator',
    'zh-cn': '贵司已被禁止支付，请联系管理员',
    'zh-tw': '貴司已被禁止支付，請聯絡管理員',
  },
  'payment.error.channelUnavailable': {
    en: 'This payment method is not available',
    'zh-cn': '该支付方式不可用',
    'zh-tw': '該支付方式無法使用',
  },
  'payment.error.signatureInvalid': {
    en: 'The payment notification could not be verified',
    'zh-cn': '支付通知校验失败',
    'zh-tw': '支付通知校驗失敗',
  },
  'payment.error.webhookInvalid': {
    en: "The payment provider's webhook could not be verified",
    'zh-cn': '支付服务商的回调校验失败',
    'zh-tw': '支付服務商的回呼校驗失敗',
  },
  'payment.error.providerUnavailable': {
    en: 'The payment provider is not available, please try again later',
    'zh-cn': '支付服务商暂不可用，请稍后重试',
    'zh-tw': '支付服務商暫不可用，請稍後重試',
  },
  'wallet.error.amountAboveMaximum': {
    en: 'The amount is above the maximum of {max} per request',
    'zh-cn': '金额超过单次上限 {max}',
    'zh-tw': '金額超過單次上限 {max}',
  },
  'wallet.error.balanceAboveMaximum': {
    en: 'The wallet balance would be above its maximum of {max} {currency}',
    'zh-cn': '钱包余额将超过上限 {max} {currency}',
    'zh-tw': '錢包餘額將超過上限 {max} {currency}',
  },
  'wallet.error.duplicateReference': {
    en: 'Reference {reference} was already credited to this agency: entry {entryId} of {date}',
    'zh-cn': '参考号 {reference} 已入账到该代理：{date} 的记录 {entryId}',
    'zh-tw': '參考號 {reference} 已入帳到該代理：{date} 的記錄 {entryId}',
  },
  'afterSales.error.involuntaryChange': {
    en: 'No disruption or schedule change is recorded on this booking: “Airline schedule change” cannot be the reason; choose another reason',
    'zh-cn': '该订单没有航司记录的航班变动或取消：不能选择“航司时刻变更”原因，请选择其他原因',
    'zh-tw': '該訂單沒有航司記錄的航班異動或取消：不能選擇「航空公司時刻變更」原因，請選擇其他原因',
  },
  'afterSales.error.changeNotAllowed': {
    en: 'The fare rules of this ticket do not allow changes; a refund follows its refund rules',
    'zh-cn': '该客票的票价规则不允许改签；退票按其退票规则办理',
    'zh-tw': '該客票的票價規則不允許改簽；退票依其退票規則辦理',
  },
  'afterSales.error.changeDeadlinePassed': {
    en: 'The fare rules of this ticket allow changes only until {hours} hours before departure',
    'zh-cn': '该客票的票价规则仅允许在起飞前 {hours} 小时之前改签',
    'zh-tw': '該客票的票價規則僅允許在起飛前 {hours} 小時之前改簽',
  },
  'afterSales.error.refundNotAllowed': {
    en: 'The fare rules of this ticket do not allow a voluntary refund now; a refund for the airline’s own change or cancellation is still possible',
    'zh-cn': '该客票的票价规则当前不允许自愿退票；因航司原因的变更或取消仍可申请退票',
    'zh-tw': '該客票的票價規則目前不允許自願退票；因航空公司原因的異動或取消仍可申請退票',
  },
  'afterSales.error.involuntaryDocument': {
    en: 'No disruption or schedule change is recorded on this booking: the airline desk reviews an involuntary refund and decides the amount; attach at least one supporting document',
    'zh-cn': '该订单没有航司记录的航班变动或取消：非自愿退票由航司审核并决定退款金额，请至少上传一份证明材料',
    'zh-tw': '該訂單沒有航司記錄的航班異動或取消：非自願退票由航司審核並決定退款金額，請至少上傳一份證明文件',
  },
  'order.error.duplicateBooking': {
    en: 'A passenger is already booked on an overlapping flight in booking {bookingNumbers}; give a reason to book anyway',
    'zh-cn': '乘客已在订单 {bookingNumbers} 中预订了时间重叠的航班；如仍需预订，请填写原因',
    'zh-tw': '旅客已在訂單 {bookingNumbers} 中預訂了時間重疊的航班；如仍需預訂，請填寫原因',
  },
  'order.error.ticketInAfterSales': {
    en: 'This ticket already has a change, refund or void in progress, or was already refunded or voided',
    'zh-cn': '该客票已有进行中的改签、退票或废票申请，或已退票、废票',
    'zh-tw': '該客票已有進行中的改簽、退票或廢票申請，或已退票、廢票',
  },
  'order.error.voidWindowClosed': {
    en: 'The void window of this order has closed; request a refund instead',
    'zh-cn': '该订单的废票时限已过，请改为申请退票',
    'zh-tw': '該訂單的廢票時限已過，請改為申請退票',
  },
  'order.error.confirmDeadlinePassed': {
    en: 'The confirmation deadline of this refund has passed; the request is canceled',
    'zh-cn': '该退票申请已超过确认时限，申请已取消',
    'zh-tw': '該退票申請已超過確認時限，申請已取消',
  },
  'disruption.error.notFound': {
    en: 'This flight disruption does not exist',
    'zh-cn': '该航班变动不存在',
    'zh-tw': '該航班異動不存在',
  },
  'disruption.error.actionRefused': {
    en: 'This flight disruption has already been handled, or does not allow this action',
    'zh-cn': '该航班变动已处理，或不允许此操作',
    'zh-tw': '該航班異動已處理，或不允許此操作',
  },
  'groupOrder.error.passengerListRequired': {
    en: 'Confirm the passenger list before the final payment',
    'zh-cn': '请先确认乘客名单，再支付尾款',
    'zh-tw': '請先確認乘客名單，再支付尾款',
  },
  'groupOrder.error.deskUnavailable': {
    en: 'Group requests cannot be taken at the moment. Please try again later',
    'zh-cn': '暂时无法受理团队申请，请稍后再试',
    'zh-tw': '暫時無法受理團隊申請，請稍後再試',
  },
  'groupOrder.error.importFormat': {
    en: 'Import format error: upload the passenger list as an .xlsx file made from the template',
    'zh-cn': '导入格式错误：请使用模板填写乘客名单并上传 .xlsx 文件',
    'zh-tw': '匯入格式錯誤：請使用範本填寫乘客名單並上傳 .xlsx 檔案',
  },
  'groupOrder.error.importRestricted': {
    en: 'Import blocked: the fare restrictions do not accept some ID card or passport documents in the list',
    'zh-cn': '导入受限：名单中的部分身份证或护照证件不符合运价限制',
    'zh-tw': '匯入受限：名單中的部分身分證或護照證件不符合運價限制',
  },
  'groupOrder.error.passengerListInvalid': {
    en: 'The passenger list has errors; correct the rows listed and upload it again',
    'zh-cn': '乘客名单有误，请修改所列的行后重新上传',
    'zh-tw': '乘客名單有誤，請修改所列的列後重新上傳',
  },
  'groupOrder.error.passengerListLocked': {
    en: 'The passenger list has been confirmed and cannot be changed',
    'zh-cn': '乘客名单已确认，不能再修改',
    'zh-tw': '乘客名單已確認，不能再修改',
  },
  'groupOrder.error.passengerListNotOpen': {
    en: 'The passenger list cannot be uploaded or confirmed in this order status or after its deadline',
    'zh-cn': '当前订单状态或已过截止时间，无法上传或确认乘客名单',
    'zh-tw': '目前訂單狀態或已過截止時間，無法上傳或確認乘客名單',
  },
};
