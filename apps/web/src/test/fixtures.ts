import type { CompanyInfo, LoginResult, SiteConfig, UserInfo } from '@portal/domain/auth';
import type { Role } from '@portal/domain/roles';

interface CompanyFlags {
  id: number;
  proxyLevel: number;
  enableFlightService: boolean;
  enableTrainService: boolean;
  isShowBill: boolean;
  canCreateSubAgency: boolean;
}

function company(flags: CompanyFlags): CompanyInfo {
  const { id, proxyLevel, ...common } = flags;
  return {
    id,
    name: `Agency ${id}`,
    alias: null,
    logo: null,
    proxyLevel,
    parentId: proxyLevel === 0 ? null : 1,
    timeZone: 'Asia/Shanghai',
    config: {
      commonConfig: { ...common, settlementCurrency: 'CNY', hidePnrBooking: false, disablePayment: false },
    },
  };
}

function user(id: number, username: string, role: Role[], agencyId: number): UserInfo {
  return {
    id,
    username,
    nickname: username,
    email: `${username}@example.test`,
    mobile: null,
    role,
    status: 'active',
    agencyId,
    avatar: null,
    config: {},
  };
}

const AGENCY_1: CompanyFlags = {
  id: 1,
  proxyLevel: 0,
  enableFlightService: true,
  enableTrainService: true,
  isShowBill: true,
  canCreateSubAgency: true,
};
const AGENCY_3: CompanyFlags = { ...AGENCY_1, id: 3, enableFlightService: false };
const AGENCY_222: CompanyFlags = {
  ...AGENCY_1,
  id: 222,
  enableTrainService: false,
  canCreateSubAgency: false,
};

function session(u: UserInfo, c: CompanyInfo): LoginResult {
  return { token: `token-${u.username}`, userInfo: u, company: c, websitePrefix: 'demo', permissions: [] };
}

/** Login results shaped like the demo users of the API. */
export const SESSIONS = {
  admin: session(user(1, 'admin', ['SuperUser'], 1), company(AGENCY_1)),
  operator: session(user(2, 'operator', ['operator'], 1), company(AGENCY_1)),
  finance: session(user(3, 'finance', ['finance'], 1), company(AGENCY_1)),
  trainop: session(user(5, 'trainop', ['operator'], 3), company(AGENCY_3)),
  partner: session(user(6, 'partner', ['operator'], 222), company(AGENCY_222)),
} satisfies Record<string, LoginResult>;

/** `session` with its agency in `timeZone` (the zone of its calendar days: "today"). */
export function inTimeZone(session: LoginResult, timeZone: string): LoginResult {
  return { ...session, company: { ...session.company, timeZone } };
}

/** `session` with its agency's settings that take actions away (Hide PNR booking, Disable payment). */
export function withAgencySettings(
  session: LoginResult,
  flags: Partial<Pick<CompanyInfo['config']['commonConfig'], 'hidePnrBooking' | 'disablePayment'>>,
): LoginResult {
  const common = session.company.config.commonConfig;
  return {
    ...session,
    company: { ...session.company, config: { commonConfig: { ...common, ...flags } } },
  };
}

export const SITE: SiteConfig = {
  logo: '/logo.svg',
  whiteLogo: '/logo-white.svg',
  name: 'TripBridge',
  shortName: 'TripBridge',
  chineseName: 'TripBridge',
  chineseShortName: 'TripBridge',
  traditionalName: 'TripBridge',
  traditionalShortName: 'TripBridge',
  type: 'client',
  dateFormat: 'yyyy-MM-dd',
  defaultCurrency: 'CNY',
  defaultLanguage: 'zh-cn',
  currencies: ['CNY', 'USD', 'EUR'],
  favicon: '/favicon.svg',
  isIcp: false,
  icpCode: '',
  isNetworkSecurity: false,
  networkSecurityCode: '',
  rateMap: {},
  figures: { clients: 1200, suppliers: 60, foundedYear: 2001 },
};
