import type { ErrorKey } from './errors';
import type { Locale } from './locale';
import { CLIENT_QUOTE_ERROR_MESSAGES } from './error-messages.client-quotes';
import { ORDER_ERROR_MESSAGES } from './error-messages.orders';
import { PLATFORM_AGENCIES_ERROR_MESSAGES } from './error-messages.platform-agencies';
import { PLATFORM_FUNDING_ERROR_MESSAGES } from './error-messages.platform-funding';
import { PLATFORM_RATES_ERROR_MESSAGES } from './error-messages.platform-rates';

/**
 * Server-side messages for every key of the error catalogue, in each locale. The web app merges
 * these into its i18n resources, so one text serves both sides.
 */
export const ERROR_MESSAGES: Record<ErrorKey, Record<Locale, string>> = {
  ...ORDER_ERROR_MESSAGES,
  ...CLIENT_QUOTE_ERROR_MESSAGES,
  ...PLATFORM_AGENCIES_ERROR_MESSAGES,
  ...PLATFORM_FUNDING_ERROR_MESSAGES,
  ...PLATFORM_RATES_ERROR_MESSAGES,
  'platform.error.signInFailed': {
    en: 'Wrong user name, password or code. Each code works once: wait for the next one',
    'zh-cn': '用户名、密码或验证码错误。每个验证码只能使用一次，请等待下一个',
    'zh-tw': '使用者名稱、密碼或驗證碼錯誤。每個驗證碼只能使用一次，請等待下一個',
  },
  'error.illegalInput': { en: 'Illegal input', 'zh-cn': '非法输入', 'zh-tw': '非法輸入' },
  'router.login': { en: 'Please log in', 'zh-cn': '请先登录', 'zh-tw': '請先登入' },
  'router.notRole': {
    en: 'You do not have the access',
    'zh-cn': '您没有访问权限',
    'zh-tw': '您沒有存取權限',
  },
  'axios.notFound.text': { en: 'Resource not found', 'zh-cn': '资源不存在', 'zh-tw': '資源不存在' },
  'error.xsrf': {
    en: 'The request could not be verified, please reload the page',
    'zh-cn': '请求校验失败，请刷新页面',
    'zh-tw': '請求校驗失敗，請重新整理頁面',
  },
  'error.tooManyRequests': {
    en: 'Too many attempts, please try again later',
    'zh-cn': '尝试次数过多，请稍后再试',
    'zh-tw': '嘗試次數過多，請稍後再試',
  },
  'error.rateLimited.search': {
    en: 'Too many searches from your account or agency; please wait {seconds} s and search again',
    'zh-cn': '您的账号或代理商搜索过于频繁，请 {seconds} 秒后再搜索',
    'zh-tw': '您的帳號或代理商搜尋過於頻繁，請 {seconds} 秒後再搜尋',
  },
  'error.rateLimited.booking': {
    en: 'Too many bookings from your account or agency; please wait {seconds} s and try again',
    'zh-cn': '您的账号或代理商下单过于频繁，请 {seconds} 秒后再试',
    'zh-tw': '您的帳號或代理商下單過於頻繁，請 {seconds} 秒後再試',
  },
  'error.rateLimited.upload': {
    en: 'Too many uploads from your account or agency; please wait {seconds} s and upload again',
    'zh-cn': '您的账号或代理商上传过于频繁，请 {seconds} 秒后再上传',
    'zh-tw': '您的帳號或代理商上傳過於頻繁，請 {seconds} 秒後再上傳',
  },
  'error.rateLimited.login': {
    en: 'Too many login attempts from this network; please wait {seconds} s and try again',
    'zh-cn': '该网络登录尝试过多，请 {seconds} 秒后再试',
    'zh-tw': '該網路登入嘗試過多，請 {seconds} 秒後再試',
  },
  'error.rateLimited.account': {
    en: 'Too many failed sign-ins for this account; please wait {seconds} s and try again',
    'zh-cn': '该账号登录失败次数过多，请 {seconds} 秒后再试',
    'zh-tw': '該帳號登入失敗次數過多，請 {seconds} 秒後再試',
  },
  'error.rateLimited.application': {
    en: 'We have already received several messages from you; please wait {seconds} s before sending another',
    'zh-cn': '我们已收到您的多条留言，请 {seconds} 秒后再提交',
    'zh-tw': '我們已收到您的多則留言，請 {seconds} 秒後再送出',
  },
  'agencySettings.error.notificationUrl': {
    en: 'A notification URL must be an https address on the public internet',
    'zh-cn': '通知地址必须是公网上的 https 地址',
    'zh-tw': '通知網址必須是公用網路上的 https 網址',
  },
  'error.ocrBusy': {
    en: 'Passport reading is busy; please try again in a few seconds or enter the details by hand',
    'zh-cn': '证件识别繁忙，请稍后再试或手动填写',
    'zh-tw': '證件識別繁忙，請稍後再試或手動填寫',
  },
  'error.idempotencyConflict': {
    en: 'This request key was already used for a different request',
    'zh-cn': '该请求标识已用于其他请求',
    'zh-tw': '該請求標識已用於其他請求',
  },
  'error.payloadTooLarge': {
    en: 'The upload is too large',
    'zh-cn': '上传内容过大',
    'zh-tw': '上傳內容過大',
  },
  'error.internal': {
    en: 'Something went wrong on our side, please try again later',
    'zh-cn': '服务器出错，请稍后再试',
    'zh-tw': '伺服器出錯，請稍後再試',
  },
  'error.unavailable': {
    en: 'The service is temporarily unavailable',
    'zh-cn': '服务暂时不可用',
    'zh-tw': '服務暫時無法使用',
  },
  'axios.login.timeout': {
    en: 'Your login has timed out, please log in again',
    'zh-cn': '登录已超时，请重新登录',
    'zh-tw': '登入已逾時，請重新登入',
  },
  'error.userDisabled': {
    en: 'This account has been disabled, please contact the administrator',
    'zh-cn': '该账号已被停用，请联系管理员',
    'zh-tw': '該帳號已被停用，請聯絡管理員',
  },
  'login.error.usernameFormat': {
    en: 'Username format error',
    'zh-cn': '用户名格式错误',
    'zh-tw': '使用者名稱格式錯誤',
  },
  'login.error.invalidCredentials': {
    en: 'Invalid username or password',
    'zh-cn': '用户名或密码错误',
    'zh-tw': '使用者名稱或密碼錯誤',
  },
  'profile.password.oldWrong': {
    en: 'The current password is incorrect',
    'zh-cn': '当前密码不正确',
    'zh-tw': '目前密碼不正確',
  },
  'profile.password.length': {
    en: 'The password must be 6 to 15 characters',
    'zh-cn': '密码长度须为6到15个字符',
    'zh-tw': '密碼長度須為6到15個字元',
  },
  'login.sso.invalid': {
    en: 'Partner login failed: the signature is invalid',
    'zh-cn': '合作方登录失败：签名无效',
    'zh-tw': '合作方登入失敗：簽章無效',
  },
  'login.sso.expired': {
    en: 'Partner login failed: the link has expired',
    'zh-cn': '合作方登录失败：链接已过期',
    'zh-tw': '合作方登入失敗：連結已過期',
  },
  'login.sso.replayed': {
    en: 'Partner login failed: this link was already used',
    'zh-cn': '合作方登录失败：该链接已被使用',
    'zh-tw': '合作方登入失敗：該連結已被使用',
  },
  'currency.rateError': {
    en: 'The exchange rate could not be obtained, please select the currency again',
    'zh-cn': '无法获取汇率，请重新选择币种',
    'zh-tw': '無法取得匯率，請重新選擇幣別',
  },
  'shopping.error.journeyInvalid': {
    en: 'Please check the journeys of your search',
    'zh-cn': '请检查行程信息',
    'zh-tw': '請檢查行程資訊',
  },
  'shopping.error.searchNotFound': {
    en: 'This search has expired, please search again',
    'zh-cn': '该搜索已过期，请重新搜索',
    'zh-tw': '該搜尋已過期，請重新搜尋',
  },
  'shopping.error.solutionNotFound': {
    en: 'This fare is no longer available, please search again',
    'zh-cn': '该报价已不可用，请重新搜索',
    'zh-tw': '該報價已無法使用，請重新搜尋',
  },
  'shopping.error.solutionExpired': {
    en: 'This quotation has expired (quotes are valid for 15 minutes), please search again',
    'zh-cn': '报价已过期（报价有效期15分钟），请重新搜索',
    'zh-tw': '報價已過期（報價有效期15分鐘），請重新搜尋',
  },
  'shopping.error.pnrUnreadable': {
    en: 'No flight could be read from this PNR text',
    'zh-cn': '无法从该PNR内容中识别航班',
    'zh-tw': '無法從該PNR內容中辨識航班',
  },
  'shopping.error.flightNotFound': {
    en: 'These flights could not be found on the requested dates',
    'zh-cn': '在所选日期未找到这些航班',
    'zh-tw': '在所選日期未找到這些航班',
  },
  'passenger.error.invalid': {
    en: 'Please check the passenger information',
    'zh-cn': '请检查乘客信息',
    'zh-tw': '請檢查乘客資訊',
  },
  'passenger.error.countMismatch': {
    en: 'The passengers do not match the numbers searched',
    'zh-cn': '乘客人数与搜索条件不一致',
    'zh-tw': '乘客人數與搜尋條件不一致',
  },
  'passenger.error.frequentLimit': {
    en: 'At most {max} frequent passengers can be saved',
    'zh-cn': '最多只能保存{max}位常用乘客',
    'zh-tw': '最多只能儲存{max}位常用乘客',
  },
  'ancillary.error.invalid': {
    en: 'Please check the seats and bags',
    'zh-cn': '请检查座位和行李',
    'zh-tw': '請檢查座位和行李',
  },
  'ancillary.error.notSold': {
    en: 'Seats and bags cannot be added to this order',
    'zh-cn': '此订单无法添加座位和行李',
    'zh-tw': '此訂單無法加購座位和行李',
  },
  'passenger.error.contactInvalid': {
    en: 'Please check the contact information',
    'zh-cn': '请检查联系人信息',
    'zh-tw': '請檢查聯絡人資訊',
  },
  'passenger.error.documentUnreadable': {
    en: 'The document could not be read, please enter the passenger details by hand',
    'zh-cn': '无法识别该证件，请手动填写乘客信息',
    'zh-tw': '無法辨識該證件，請手動填寫乘客資訊',
  },
  'upload.error.typeNotAllowed': {
    en: 'Only {types} files of up to {maxMb}MB can be uploaded',
    'zh-cn': '仅支持上传{types}格式且不超过{maxMb}MB的文件',
    'zh-tw': '僅支援上傳{types}格式且不超過{maxMb}MB的檔案',
  },
  'upload.error.empty': {
    en: 'Please choose a file to upload',
    'zh-cn': '请选择要上传的文件',
    'zh-tw': '請選擇要上傳的檔案',
  },
  'upload.error.failed': {
    en: 'Upload failed, try later or contact the administrator',
    'zh-cn': '上传失败，请稍后再试或联系管理员',
    'zh-tw': '上傳失敗，請稍後再試或聯絡管理員',
  },
  'upload.error.readTimeout': {
    en: 'Reading the document took too long; please try again or enter the passenger details by hand',
    'zh-cn': '证件识别超时，请重试或手动填写乘客信息',
    'zh-tw': '證件識別逾時，請重試或手動填寫乘客資訊',
  },
  'upload.error.imageUndecodable': {
    en: 'The image is damaged or incomplete and cannot be opened; please take or scan it again',
    'zh-cn': '图片已损坏或不完整，无法打开，请重新拍摄或扫描',
    'zh-tw': '圖片已損壞或不完整，無法開啟，請重新拍攝或掃描',
  },
  'upload.error.notAttachable': {
    en: 'A supporting document is not an unattached upload of this order; upload it again',
    'zh-cn': '附件不是本订单尚未使用的上传文件，请重新上传',
    'zh-tw': '附件不是本訂單尚未使用的上傳檔案，請重新上傳',
  },
  'users.error.usernameTaken': {
    en: 'This username is already taken',
    'zh-cn': '该用户名已被使用',
    'zh-tw': '該使用者名稱已被使用',
  },
  'users.error.lastSuperUser': {
    en: 'The last active SuperUser of the agency cannot be deleted, disabled or lose the SuperUser role',
    'zh-cn': '代理商的最后一个有效超级管理员不能被删除、停用或取消超级管理员角色',
    'zh-tw': '代理商的最後一個有效超級管理員不能被刪除、停用或取消超級管理員角色',
  },
  'users.error.cannotDeleteSelf': {
    en: 'You cannot delete your own account',
    'zh-cn': '不能删除自己的账号',
    'zh-tw': '不能刪除自己的帳號',
  },
  'agencyManager.config.common.settlementCurrency.change': {
    en: 'The settlement currency can only be changed while the wallet holds no balance and no credit limit',
    'zh-cn': '钱包尚有余额或信用额度时不能更改结算币种',
    'zh-tw': '錢包尚有餘額或信用額度時不能更改結算幣種',
  },
  'profile.password.changeRequired': {
    en: 'Please change your temporary password before continuing',
    'zh-cn': '请先修改临时密码再继续操作',
    'zh-tw': '請先修改臨時密碼再繼續操作',
  },
  'agencyManager.error.hasBalance': {
    en: 'This agency still has a balance in its wallet and cannot be deleted',
    'zh-cn': '该代理钱包仍有余额，不能删除',
    'zh-tw': '該代理錢包仍有餘額，不能刪除',
  },
  'agencyManager.error.hasCredit': {
    en: 'This agency still has a credit limit and cannot be deleted',
    'zh-cn': '该代理仍有信用额度，不能删除',
    'zh-tw': '該代理仍有信用額度，不能刪除',
  },
  'agencyManager.error.hasOrders': {
    en: 'This agency has orders and cannot be deleted',
    'zh-cn': '该代理已有订单，不能删除',
    'zh-tw': '該代理已有訂單，不能刪除',
  },
  'agencyManager.error.hasSubAgencies': {
    en: 'This agency has sub-agencies: delete or move them first',
    'zh-cn': '该代理下仍有子代理，请先删除或移走子代理',
    'zh-tw': '該代理下仍有子代理，請先刪除或移走子代理',
  },
  'agencyManager.error.parentNotAllowed': {
    en: 'The chosen parent agency is not allowed to have sub-agencies',
    'zh-cn': '所选上级代理不允许创建子代理',
    'zh-tw': '所選上級代理不允許建立子代理',
  },
};

/** The message for `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function errorMessage(
  key: ErrorKey,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  const template = ERROR_MESSAGES[key][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
