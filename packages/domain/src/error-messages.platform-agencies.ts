import type { ErrorKey } from './errors';
import type { Locale } from './locale';

/**
 * The error keys of the platform's applications and top-level agencies, and the one agency users
 * see when the platform suspended their agency: in the `error` section, which every page loads.
 */
type PlatformAgenciesErrorKey = Extract<
  ErrorKey,
  | 'error.agencySuspended'
  | 'error.applicationConverted'
  | 'error.applicationStatus'
  | 'error.agencyNotTopLevel'
>;

/** The messages of `PlatformAgenciesErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const PLATFORM_AGENCIES_ERROR_MESSAGES: Record<PlatformAgenciesErrorKey, Record<Locale, string>> = {
  'error.agencySuspended': {
    en: "Your agency's access is suspended. Please contact the platform's customer service",
    'zh-cn': '您的代理商账户已被暂停使用，请联系平台客服',
    'zh-tw': '您的代理商帳戶已被暫停使用，請聯絡平台客服',
  },
  'error.applicationConverted': {
    en: 'This application has already been converted into an agency',
    'zh-cn': '该申请已转为代理商',
    'zh-tw': '該申請已轉為代理商',
  },
  'error.applicationStatus': {
    en: 'An application becomes converted only by converting it into an agency',
    'zh-cn': '只有通过转为代理商，申请才会变为已转化',
    'zh-tw': '只有透過轉為代理商，申請才會變為已轉化',
  },
  'error.agencyNotTopLevel': {
    en: 'Only a top-level agency can be suspended or resumed',
    'zh-cn': '只有一级代理商可以暂停或恢复',
    'zh-tw': '只有一級代理商可以暫停或恢復',
  },
};
