import { z } from 'zod';
import { DATE_FORMATS, isValidNewPassword, USER_STATUSES, type UserStatus } from './account-options';
import { CURRENCIES } from './currency';
import { LOCALES } from './locale';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { ROLES } from './roles';

/** POST /base/v2/login. The username format is checked separately so it gets its own message. */
export const LoginBody = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** A new password: 6 to 15 characters (spec §5, §9). */
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export { isValidNewPassword };

/** PUT /base/v2/me/password. */
export const ChangePasswordBody = z.strictObject({
  oldPassword: z.string().min(1).max(128),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /base/v2/single-login: the partner's HMAC-signed login link. */
export const SingleLoginBody = z.strictObject({
  code: z.string().min(8).max(128),
  signature: z.string().regex(/^[0-9a-f]{64}$/i),
  timestamp: z.coerce.number().int().positive(),
  userid: z.string().min(1).max(64),
});
export type SingleLoginBody = z.infer<typeof SingleLoginBody>;

/** The string an SSO request signs: `code|timestamp|userid`, HMAC-SHA256 with the partner secret. */
export function singleLoginPayload(body: Pick<SingleLoginBody, 'code' | 'timestamp' | 'userid'>): string {
  return `${body.code}|${body.timestamp}|${body.userid}`;
}

export { DATE_FORMATS, USER_STATUSES, type UserStatus };

export const AreaCode = z.string().regex(/^\d{1,4}$/);

/** A mobile number with its area code (default region 86). */
export const MobileNumber = z.strictObject({
  areaCode: AreaCode,
  number: z.string().regex(/^\d{4,15}$/),
});

/** The personal config of spec §3 (favourites and defaults). */
export const UserConfig = z.object({
  cities: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .max(50)
    .optional(),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(50)
    .optional(),
  passengers: z.array(z.string().min(1).max(64)).max(30).optional(),
  defaultRegion: AreaCode.optional(),
  dateFormat: z.enum(DATE_FORMATS).optional(),
});
export type UserConfig = z.infer<typeof UserConfig>;

/** PUT /base/v2/me/config/{key}: body `{value}`, validated by the key's schema. */
export const CONFIG_VALUE_SCHEMAS = {
  cities: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .min(1)
    .max(50),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .max(50),
  passengers: z.array(z.string().min(1).max(64)).max(30),
  defaultRegion: AreaCode,
  dateFormat: z.enum(DATE_FORMATS),
} as const;
export type ConfigKey = keyof typeof CONFIG_VALUE_SCHEMAS;
export const CONFIG_KEYS = Object.keys(CONFIG_VALUE_SCHEMAS) as ConfigKey[];
export const ConfigKeyParam = z.enum(CONFIG_KEYS as [ConfigKey, ...ConfigKey[]]);

/** The path parameters of PUT /base/v2/me/config/{key}. */
export const ConfigKeyParams = z.object({ key: ConfigKeyParam });

/**
 * The body of PUT /base/v2/me/config/{key}: `{value}` of one of the keys' shapes. Which shape
 * depends on the key in the path, so the API checks the value against `CONFIG_VALUE_SCHEMAS[key]`.
 */
export const SetConfigBody = z.strictObject({
  value: z.union([
    CONFIG_VALUE_SCHEMAS.cities,
    CONFIG_VALUE_SCHEMAS.countries,
    CONFIG_VALUE_SCHEMAS.passengers,
    CONFIG_VALUE_SCHEMAS.defaultRegion,
    CONFIG_VALUE_SCHEMAS.dateFormat,
  ]),
});
export type SetConfigBody = z.infer<typeof SetConfigBody>;

/** Any whitespace or control character: never part of a picture address a browser should load. */
const SPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/**
 * True for a profile picture address that is an `https:` URL (no user name or password in it) or
 * a path on this site (`/files/…`, not `//host` nor `/\host`). Anything else a browser might run or
 * load from elsewhere (`javascript:`, `data:`, `http:`) is refused.
 */
export function isSafeAvatarUrl(value: string): boolean {
  if (SPACE_OR_CONTROL.test(value) || value.includes('\\')) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** A profile picture: an https URL or a path on this site, at most 512 characters. */
export const AvatarUrl = z
  .string()
  .max(512)
  .refine(isSafeAvatarUrl, { message: 'An https:// address or a path on this site' });

/** PUT /base/v2/me: what a user may change of their own profile (email is read-only). */
export const UpdateMeBody = z.strictObject({
  nickname: z.string().trim().min(1).max(64).optional(),
  mobile: MobileNumber.nullable().optional(),
  avatar: AvatarUrl.nullable().optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

/** The user as the API presents it (spec §3 user info and profile fields). */
export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: MobileNumber.nullable(),
  role: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  agencyId: z.number().int(),
  avatar: z.string().nullable(),
  config: UserConfig,
  /** Present (true) while the user signs in with a generated temporary password: 201006 until changed. */
  mustChangePassword: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** The company as the API presents it to its own users (spec §3 company). */
export const CompanyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  logo: z.string().nullable(),
  proxyLevel: z.number().int().min(0),
  parentId: z.number().int().nullable(),
  /**
   * The agency's IANA time zone (company setting): its statement months and days are cut in it, so
   * the screens start on the agency's current month, not the browser's. Not among the spec's fields.
   */
  timeZone: z.string(),
  config: z.object({
    commonConfig: z.object({
      enableFlightService: z.boolean(),
      enableTrainService: z.boolean(),
      isShowBill: z.boolean(),
      canCreateSubAgency: z.boolean(),
      settlementCurrency: z.enum(CURRENCIES),
      /** Settings that take actions away from the agency's users (`company-restrictions.ts`). */
      hidePnrBooking: z.boolean(),
      disablePayment: z.boolean(),
    }),
  }),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

/** GET /base/v2/me and the login result (spec §3 login result). */
export const MeResult = z.object({
  userInfo: UserInfo,
  company: CompanyInfo,
  websitePrefix: z.string(),
  permissions: z.array(z.string()),
});
export type MeResult = z.infer<typeof MeResult>;

export const LoginResult = MeResult.extend({ token: z.string() });
export type LoginResult = z.infer<typeof LoginResult>;

/** GET /base/v2/config/getSiteConfig (spec §3 site info). */
export const SiteConfig = z.object({
  logo: z.string(),
  whiteLogo: z.string(),
  name: z.string(),
  shortName: z.string(),
  chineseName: z.string(),
  chineseShortName: z.string(),
  /** Not among the spec's fields: the names for zh-tw. Empty falls back to the Chinese names. */
  traditionalName: z.string().default(''),
  traditionalShortName: z.string().default(''),
  type: z.string(),
  dateFormat: z.string(),
  defaultCurrency: z.enum(CURRENCIES),
  defaultLanguage: z.enum(LOCALES),
  currencies: z.array(z.enum(CURRENCIES)),
  favicon: z.string(),
  isIcp: z.boolean(),
  icpCode: z.string(),
  isNetworkSecurity: z.boolean(),
  networkSecurityCode: z.string(),
  rateMap: z.record(z.string(), z.string()),
  /**
   * Not among the spec's fields: the home page's figures the platform sets (`site-figures.ts`).
   * The defaults are `DEFAULT_SITE_FIGURES` written out (a test keeps them equal): importing it
   * here would tie every page that parses a site config to the home page's chunk.
   */
  figures: z
    .object({
      clients: z.number().int().min(0).nullable().default(null),
      suppliers: z.number().int().min(0).default(60),
      foundedYear: z.number().int().min(1900).max(2199).default(2001),
    })
    .prefault({}),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** GET /base/v2/exchangeRates: decimal strings, units of each currency per one unit of `base`. */
export const ExchangeRates = z.object({
  base: z.enum(CURRENCIES),
  rates: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type ExchangeRates = z.infer<typeof ExchangeRates>;
