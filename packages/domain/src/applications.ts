/**
 * Partnership enquiries (spec §3 "partnership enquiry form", §5, §7 `POST /base/v2/applications`):
 * the home page's contact form and the statuses the platform's back office moves an enquiry
 * through. The rules here are plain functions with no zod, so the marketing chunk of the home page
 * stays small; the API's schema (`api/applications.ts`) runs the same functions.
 */

export { APPLICATION_STATUSES, type ApplicationStatus } from './application-status';

/** Length bounds of the form's texts (the spec gives none; docs/public-face.md explains these). */
export const APPLICATION_LIMITS = {
  name: 100,
  email: 254,
  phone: { min: 4, max: 15 },
  areaCode: 4,
  companyName: 200,
  companyAddress: 300,
  website: 300,
  others: 2000,
} as const;

/** ISO 3166-1 alpha-2 codes the country select offers (all 249 assigned codes). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_SET = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return COUNTRY_SET.has(value);
}

/** The form's values as typed (every text may be blank but name and country). */
export interface ApplicationValues {
  name: string;
  email: string;
  phoneAreaCode: string;
  phone: string;
  country: string;
  companyName: string;
  companyAddress: string;
  website: string;
  others: string;
}

export type ApplicationField = keyof ApplicationValues;

/**
 * What can be wrong with a field: the first four are the spec's messages (§5, §8); the others
 * are this product's bounds.
 */
export type ApplicationProblem =
  | 'nameRequired'
  | 'countryRequired'
  | 'contactRequired'
  | 'emailFormat'
  | 'tooLong'
  | 'areaCodeFormat'
  | 'phoneFormat'
  | 'websiteFormat';

/** The web's message key of each problem (`home.contact.error.<problem>`, three locales). */
export const APPLICATION_PROBLEM_KEY: Record<ApplicationProblem, string> = {
  nameRequired: 'home.contact.error.nameRequired',
  countryRequired: 'home.contact.error.countryRequired',
  contactRequired: 'home.contact.error.contactRequired',
  emailFormat: 'home.contact.error.emailFormat',
  tooLong: 'home.contact.error.tooLong',
  areaCodeFormat: 'home.contact.error.areaCodeFormat',
  phoneFormat: 'home.contact.error.phoneFormat',
  websiteFormat: 'home.contact.error.websiteFormat',
};

/**
 * A plain e-mail check (no zod on the home page): one `@`, no spaces, a dot in the domain part,
 * neither part empty, within 254 characters.
 */
export function isEnquiryEmail(value: string): boolean {
  return value.length <= APPLICATION_LIMITS.email && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}

/** True for an `http:`/`https:` address with a dotted host; a bare `example.com` counts too. */
export function isEnquiryWebsite(value: string): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

const LENGTH_OF: Partial<Record<ApplicationField, number>> = {
  name: APPLICATION_LIMITS.name,
  email: APPLICATION_LIMITS.email,
  companyName: APPLICATION_LIMITS.companyName,
  companyAddress: APPLICATION_LIMITS.companyAddress,
  website: APPLICATION_LIMITS.website,
  others: APPLICATION_LIMITS.others,
};

/** Problems of the form's values by field, the first of each field only; empty when it may be sent. */
export function applicationProblems(
  values: ApplicationValues,
): Partial<Record<ApplicationField, ApplicationProblem>> {
  const problems: Partial<Record<ApplicationField, ApplicationProblem>> = {};
  const v = (field: ApplicationField) => values[field].trim();
  for (const [field, max] of Object.entries(LENGTH_OF) as [ApplicationField, number][]) {
    if (v(field).length > max) problems[field] = 'tooLong';
  }
  if (!v('name')) problems.name = 'nameRequired';
  if (!isCountryCode(v('country'))) problems.country = 'countryRequired';
  const email = v('email');
  const phone = v('phone').replace(/[\s-]/g, '');
  if (!email && !phone) problems.email = 'contactRequired';
  else if (email && !problems.email && !isEnquiryEmail(email)) problems.email = 'emailFormat';
  const { min, max } = APPLICATION_LIMITS.phone;
  if (phone && !new RegExp(`^\\d{${min},${max}}$`).test(phone)) problems.phone = 'phoneFormat';
  const areaCode = v('phoneAreaCode').replace(/^\+/, '');
  if (areaCode && !new RegExp(`^\\d{1,${APPLICATION_LIMITS.areaCode}}$`).test(areaCode)) {
    problems.phoneAreaCode = 'areaCodeFormat';
  }
  const website = v('website');
  if (website && !problems.website && !isEnquiryWebsite(website)) problems.website = 'websiteFormat';
  return problems;
}
