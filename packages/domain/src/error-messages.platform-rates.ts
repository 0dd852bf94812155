import type { ErrorKey } from './errors';
import type { Locale } from './locale';

/** The error keys of the platform's rates and supplier settings. */
type PlatformRatesErrorKey = Extract<ErrorKey, `platformRates.${string}`>;

/** The messages of `PlatformRatesErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const PLATFORM_RATES_ERROR_MESSAGES: Record<PlatformRatesErrorKey, Record<Locale, string>> = {
  'platformRates.error.feedUnavailable': {
    en: 'The rates feed is not configured or did not answer; nothing was imported',
    'zh-cn': '汇率源未配置或无响应，未导入任何汇率',
    'zh-tw': '匯率來源未設定或無回應，未匯入任何匯率',
  },
  'platformRates.error.supplierNotAllowed': {
    en: 'This supplier is not available to your agency; please search again',
    'zh-cn': '您的机构无法使用该供应商，请重新搜索',
    'zh-tw': '您的機構無法使用該供應商，請重新搜尋',
  },
};
