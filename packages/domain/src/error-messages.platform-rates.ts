import type { ErrorKey } from './errors';
import type { Locale } from './locale';

/** The error keys of the platform's rates and supplier settings. */
type PlatformRatesErrorKey = Extract<ErrorKey, `platformRates.error.${string}`>;

/** The messages of `PlatformRatesErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const PLATFORM_RATES_ERROR_MESSAGES: Record<PlatformRatesErrorKey, Record<Locale, string>> = {
  'platformRates.error.feedUnavailable': {
    en: 'The rates feed is not configured or did not answer; nothing was imported',
    'zh-cn': '汇率源未配置或无响应，未导入任何汇率',
    'zh-tw': '匯率來源未設定或無回應，未匯入任何匯率',
  },
  'platformRates.error.supplierNotAllowed': {
    en: 'The platform has not made this supplier available to your agency',
    'zh-cn': '平台未向您的机构开放该供应商',
    'zh-tw': '平台未向您的機構開放該供應商',
  },
};
