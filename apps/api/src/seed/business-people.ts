import { eq, sql } from 'drizzle-orm';
import type { StoredCompanyProfile } from '@portal/domain/company';
import type { Locale } from '@portal/domain/locale';
import { permissionsForRoles } from '@portal/domain/users';
import type { Role } from '@portal/domain/roles';
import type { Db } from '../platform/db';
import { agencies } from '../modules/agencies/index';
import { users } from '../modules/users/index';

/** The filled company profile of each demo agency and the language of its order e-mails. */
export const DEMO_PROFILES: readonly {
  agencyId: number;
  profile: StoredCompanyProfile;
  emailLanguage: Locale;
  advisor: string;
}[] = [
  {
    agencyId: 1,
    emailLanguage: 'en',
    advisor: 'Grace Liu (+86 21 6088 1200)',
    profile: {
      contactName: 'Alice Wang',
      email: 'ops@tripbridge.example',
      phone: { areaCode: '86', number: '2160881200' },
      address: '18F, Tower 2, 1000 Century Avenue, Pudong, Shanghai 200120, China',
      website: 'https://www.tripbridge.example',
      extraInfo: 'Business licence 91310115MA1K4XXXXX · Invoices: VAT special invoice (itinerary with bill)',
    },
  },
  {
    agencyId: 2,
    emailLanguage: 'zh-cn',
    advisor: '刘晓梅 (+86 571 8766 3300)',
    profile: {
      contactName: '陈东',
      email: 'east@east.tripbridge.example',
      phone: { areaCode: '86', number: '57187663300' },
      address: '浙江省杭州市西湖区文三路 90 号东部软件园 5 号楼 3 层',
      website: 'https://east.tripbridge.example',
      extraInfo: '发票类型：行程单 + 发票',
    },
  },
  {
    agencyId: 3,
    emailLanguage: 'zh-cn',
    advisor: 'Zhou Min (+86 10 5190 2288)',
    profile: {
      contactName: 'Tina Zhao',
      email: 'service@railway-express.example',
      phone: { areaCode: '86', number: '1051902288' },
      address: 'Room 1206, 8 Jianguomenwai Street, Chaoyang, Beijing 100022, China',
      website: 'https://www.railway-express.example',
      extraInfo: 'Rail tickets for corporate travel; invoices monthly (bill)',
    },
  },
  {
    agencyId: 222,
    emailLanguage: 'en',
    advisor: 'Grace Liu (+86 21 6088 1200)',
    profile: {
      contactName: 'Peter Ng',
      email: 'bookings@partner-travel.example',
      phone: { areaCode: '852', number: '21805500' },
      address: 'Unit 1503, 15/F, 9 Queen’s Road Central, Hong Kong',
      website: 'https://www.partner-travel.example',
      extraInfo: 'Partner agency (SSO); invoices: itinerary only',
    },
  },
];

/** A user the business seed adds (password demo1234 like every demo user). */
export interface BusinessUser {
  username: string;
  agencyId: number;
  roles: Role[];
  nickname: string;
  email: string;
  description: string;
}

/** The sub-agency's own super admin and staff, and a second operator at the head office. */
export const BUSINESS_USERS: readonly BusinessUser[] = [
  {
    username: 'eastadmin',
    agencyId: 2,
    roles: ['SuperUser'],
    nickname: 'Chen Dong',
    email: 'chen.dong@east.tripbridge.example',
    description: 'SuperUser of the sub-agency TripBridge East Branch',
  },
  {
    username: 'eastfinance',
    agencyId: 2,
    roles: ['finance'],
    nickname: 'Emma Xu',
    email: 'emma.xu@east.tripbridge.example',
    description: 'finance of TripBridge East Branch',
  },
  {
    username: 'eastop',
    agencyId: 2,
    roles: ['operator'],
    nickname: 'Eric Sun',
    email: 'eric.sun@east.tripbridge.example',
    description: 'second operator of TripBridge East Branch',
  },
  {
    username: 'lina',
    agencyId: 1,
    roles: ['operator'],
    nickname: 'Lina Zhou',
    email: 'lina.zhou@tripbridge.example',
    description: 'second operator of TripBridge Travel Group',
  },
];

/**
 * Fills each demo agency's company profile, advisor and e-mail language, and adds the business
 * users. Returns the user ids by username (the seeded ones included), for the orders they book.
 */
export async function seedPeople(tx: Db, passwordHash: string): Promise<Map<string, number>> {
  for (const p of DEMO_PROFILES) {
    await tx
      .update(agencies)
      .set({
        profile: p.profile,
        advisor: p.advisor,
        commonConfig: sql`${agencies.commonConfig} || ${JSON.stringify({
          emailLanguage: p.emailLanguage,
          showInvoiceTypeInExcel: true,
        })}::jsonb`,
      })
      .where(eq(agencies.id, p.agencyId));
  }
  await tx.insert(users).values(
    BUSINESS_USERS.map((u) => ({
      username: u.username,
      agencyId: u.agencyId,
      roles: u.roles,
      permissions: permissionsForRoles(u.roles),
      nickname: u.nickname,
      email: u.email,
      mobileAreaCode: '86',
      mobileNumber: null,
      passwordHash,
      config: { defaultRegion: '86', dateFormat: 'yyyy-MM-dd' },
    })),
  );
  const rows = await tx.select({ id: users.id, username: users.username }).from(users);
  return new Map(rows.map((r) => [r.username, r.id]));
}

const SURNAMES = [
  'WANG',
  'LI',
  'ZHANG',
  'LIU',
  'CHEN',
  'YANG',
  'HUANG',
  'ZHAO',
  'WU',
  'ZHOU',
  'XU',
  'SUN',
  'MA',
  'ZHU',
  'HU',
  'GUO',
  'HE',
  'LIN',
  'LUO',
  'GAO',
  'SMITH',
  'MULLER',
  'TANAKA',
  'KIM',
  'NGUYEN',
  'BROWN',
] as const;
const GIVEN = [
  'JIANGUO',
  'XIAOMING',
  'LEI',
  'FANG',
  'JING',
  'YAN',
  'HAO',
  'MIN',
  'TAO',
  'YUN',
  'QIANG',
  'LING',
  'JUN',
  'XIN',
  'PENG',
  'HUI',
  'MEI',
  'BO',
  'ANNA',
  'DAVID',
  'YUKI',
  'JIHOON',
  'EMMA',
  'THOMAS',
] as const;

/** Traveller names of the history (never the test helpers' ZHANG/WEI pair). */
export const TRAVELLER_NAMES = { surnames: SURNAMES, given: GIVEN };
