import type { ErrorKey } from './errors';
import type { Locale } from './locale';

/** The error keys of client quotes. */
type ClientQuoteErrorKey = Extract<ErrorKey, `clientQuotes.${string}`>;

/** The messages of `ClientQuoteErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const CLIENT_QUOTE_ERROR_MESSAGES: Record<ClientQuoteErrorKey, Record<Locale, string>> = {
  'clientQuotes.error.notFound': {
    en: 'This quote does not exist or is no longer valid',
    'zh-cn': '该报价不存在或已过期',
    'zh-tw': '該報價不存在或已過期',
  },
  'clientQuotes.error.notOffered': {
    en: 'A quote for a client is made from a search result or a booking awaiting payment',
    'zh-cn': '只能为搜索结果或待支付的订单生成客户报价',
    'zh-tw': '只能為搜尋結果或待付款的訂單產生客戶報價',
  },
};
