import type { SiteConfig } from '@portal/domain/auth';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { DEFAULT_FLIGHT_SETTINGS, type FlightSettings } from '@portal/domain/agency-config';
import type { AgencyCommonConfig } from '../modules/agencies/agencies.schema';
import { DEFAULT_SITE_FIGURES } from '@portal/domain/site-figures';

export const DEMO_PASSWORD = 'demo1234';

interface DemoAgency {
  id: number;
  name: string;
  alias: string | null;
  proxyLevel: number;
  parentId: number | null;
  commonConfig: AgencyCommonConfig;
  flightSettings: FlightSettings;
}

const common = (c: Partial<AgencyCommonConfig>): AgencyCommonConfig => ({
  enableFlightService: true,
  enableTrainService: true,
  isShowBill: true,
  canCreateSubAgency: false,
  settlementCurrency: 'CNY',
  ...c,
});

export const DEMO_AGENCIES: DemoAgency[] = [
  {
    id: 1,
    name: 'TripBridge Travel Group',
    alias: 'TripBridge',
    proxyLevel: 0,
    parentId: null,
    commonConfig: common({ canCreateSubAgency: true, emailLanguage: 'en' }),
    // A visible markup: 2 % on intercontinental fares, 10 CNY on domestic and mainland China ones.
    flightSettings: {
      ...DEFAULT_FLIGHT_SETTINGS,
      showSuppliers: true,
      priceAdjustments: [
        { category: 'intercontinental', unit: 'percent', value: 2, limit: 0 },
        { category: 'domestic', unit: 'fixed', value: 1000, limit: 0 },
        { category: 'china', unit: 'fixed', value: 1000, limit: 0 },
      ],
    },
  },
  {
    id: 2,
    name: 'TripBridge East Branch',
    alias: 'TB East',
    proxyLevel: 1,
    parentId: 1,
    commonConfig: common({ isShowBill: false, emailLanguage: 'zh-cn' }),
    // The sub-agency adds its own 5 CNY on mainland China fares on top of its parent's price.
    flightSettings: {
      ...DEFAULT_FLIGHT_SETTINGS,
      priceAdjustments: [{ category: 'china', unit: 'fixed', value: 500, limit: 0 }],
    },
  },
  {
    id: 3,
    name: 'RailWay Express Agency',
    alias: 'RailWay Express',
    proxyLevel: 0,
    parentId: null,
    commonConfig: common({ enableFlightService: false, emailLanguage: 'zh-tw' }),
    flightSettings: DEFAULT_FLIGHT_SETTINGS,
  },
  {
    id: 222,
    name: 'Partner Travel (222)',
    alias: 'Partner Travel',
    proxyLevel: 0,
    parentId: null,
    commonConfig: common({ enableTrainService: false, emailLanguage: 'zh-cn' }),
    flightSettings: DEFAULT_FLIGHT_SETTINGS,
  },
];

export interface DemoUser {
  username: string;
  agencyId: number;
  roles: string[];
  permissions: string[];
  nickname: string;
  email: string;
  outUserId?: string;
  description: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    agencyId: 1,
    roles: ['SuperUser'],
    permissions: ['all'],
    nickname: 'Alice Admin',
    email: 'admin@tripbridge.example',
    description: 'SuperUser of TripBridge Travel Group (everything)',
  },
  {
    username: 'operator',
    agencyId: 1,
    roles: ['operator'],
    permissions: ['orders:read', 'orders:write'],
    nickname: 'Oscar Operator',
    email: 'operator@tripbridge.example',
    description: 'operator: flight and train booking, orders',
  },
  {
    username: 'finance',
    agencyId: 1,
    roles: ['finance'],
    permissions: ['bills:read', 'agencybills:read'],
    nickname: 'Fiona Finance',
    email: 'finance@tripbridge.example',
    description: 'finance: bills, wallet, statements',
  },
  {
    username: 'subop',
    agencyId: 2,
    roles: ['operator'],
    permissions: [],
    nickname: 'Sam Suboperator',
    email: 'subop@east.tripbridge.example',
    description: 'operator of the sub-agency TripBridge East Branch',
  },
  {
    username: 'trainop',
    agencyId: 3,
    roles: ['operator'],
    permissions: [],
    nickname: 'Tina Trainop',
    email: 'trainop@railway-express.example',
    description: 'operator of RailWay Express (trains only, no flights)',
  },
  {
    username: 'partner',
    agencyId: 222,
    roles: ['operator'],
    permissions: [],
    nickname: 'Peter Partner',
    email: 'partner@partner-travel.example',
    outUserId: 'P-1001',
    description: 'operator of partner agency 222 (also via SSO, userid P-1001)',
  },
];

/** Demo rates: units of each currency per 1 CNY. */
export const DEMO_RATES: Record<Currency, string> = {
  CNY: '1',
  USD: '0.1389',
  EUR: '0.1282',
  HKD: '1.0823',
  JPY: '21.05',
  GBP: '0.1098',
  AUD: '0.2123',
  CAD: '0.1931',
  THB: '4.8921',
  SGD: '0.1862',
  CHF: '0.1224',
  DKK: '0.9567',
  MOP: '1.1148',
  MYR: '0.6432',
  NOK: '1.4972',
  NZD: '0.2335',
  PHP: '7.9012',
  RUB: '12.8834',
  SEK: '1.4768',
  TWD: '4.4561',
  KRW: '192.35',
  ZAR: '2.5418',
  ILS: '0.5186',
};

export const DEMO_SITE_CONFIG: Omit<SiteConfig, 'rateMap'> = {
  logo: '/logo.svg',
  whiteLogo: '/logo-white.svg',
  favicon: '/favicon.svg',
  name: 'TripBridge B2B Travel Portal',
  shortName: 'TripBridge',
  chineseName: '行桥B2B旅行分销平台',
  chineseShortName: '行桥商旅',
  traditionalName: '行橋B2B旅行分銷平台',
  traditionalShortName: '行橋商旅',
  type: 'client',
  dateFormat: 'yyyy-MM-dd',
  defaultCurrency: 'CNY',
  defaultLanguage: 'zh-cn',
  currencies: [...CURRENCIES],
  isIcp: false,
  icpCode: '',
  isNetworkSecurity: false,
  networkSecurityCode: '',
  // The home page's figures: no client count is claimed until the platform sets one.
  figures: { ...DEFAULT_SITE_FIGURES },
};
