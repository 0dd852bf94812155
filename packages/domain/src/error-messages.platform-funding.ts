import type { ERRORS } from './errors';
import type { Locale } from './locale';

/**
 * The errors of the platform's four-eyes funding and credit of top-level agencies. Named one by one:
 * a key prefix written here would tell the web's locale-part check that these modules name every
 * text of the funding page.
 */
type PlatformFundingErrorName =
  | 'APPROVAL_BY_REQUESTER'
  | 'APPROVAL_NOT_PENDING'
  | 'APPROVAL_NOT_FOUND'
  | 'APPROVAL_NOT_REQUESTER'
  | 'FUNDING_NOT_TOP_LEVEL'
  | 'AGENCY_NOT_ACTIVE'
  | 'REFERENCE_PENDING';
type PlatformFundingErrorKey = (typeof ERRORS)[PlatformFundingErrorName]['key'];

/** The messages of `PlatformFundingErrorKey` in each locale; `error-messages.ts` holds them with the rest. */
export const PLATFORM_FUNDING_ERROR_MESSAGES: Record<PlatformFundingErrorKey, Record<Locale, string>> = {
  'platformFunding.error.sameAdmin': {
    en: 'You made this request: another platform admin must approve or reject it',
    'zh-cn': '此申请由您提交：须由另一位平台管理员审批或驳回',
    'zh-tw': '此申請由您提交：須由另一位平台管理員審批或駁回',
  },
  'platformFunding.error.notPending': {
    en: 'This request was already approved, rejected or cancelled',
    'zh-cn': '此申请已被批准、驳回或撤销',
    'zh-tw': '此申請已被核准、駁回或撤銷',
  },
  'platformFunding.error.notFound': {
    en: 'The request does not exist',
    'zh-cn': '申请不存在',
    'zh-tw': '申請不存在',
  },
  'platformFunding.error.notRequester': {
    en: 'Only the platform admin who made the request can cancel it',
    'zh-cn': '只有提交申请的平台管理员可以撤销',
    'zh-tw': '只有提交申請的平台管理員可以撤銷',
  },
  'platformFunding.error.notTopLevel': {
    en: 'The platform funds and credits top-level agencies only; a sub-agency is funded by its parent agency',
    'zh-cn': '平台只为一级代理充值和授信；下级代理由其上级代理充值',
    'zh-tw': '平台只為一級代理儲值和授信；下級代理由其上級代理儲值',
  },
  'platformFunding.error.agencyNotActive': {
    en: 'The agency is suspended or deleted',
    'zh-cn': '该代理已暂停或已删除',
    'zh-tw': '該代理已暫停或已刪除',
  },
  'platformFunding.error.referencePending': {
    en: 'Another pending request of this agency has the reference {reference}',
    'zh-cn': '该代理另有一笔待审批的申请使用参考号 {reference}',
    'zh-tw': '該代理另有一筆待審批的申請使用參考號 {reference}',
  },
};
