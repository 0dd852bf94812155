import crypto from 'node:crypto';
import { PARTNER_CODE_ALPHABET, PARTNER_CODE_LENGTH, type CreateAgencyBody } from '@portal/domain/agencies';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import { isCurrency } from '@portal/domain/currency';
import { permissionsForRoles } from '@portal/domain/users';
import type { Currency } from '@portal/domain/currency';
import type { Db } from '../../platform/db';
import type { UserRow } from '../users/index';
import { AppError } from '../../platform/errors';
import { insertUser, usernameExists } from '../users/index';
import { insertAgencyWithCode } from './agencies.repo';
import type { AgencyCommonConfig, AgencyRow } from './agencies.schema';

/** A random partner code (`PARTNER_CODE_PATTERN`: 8 of 30 characters, about 6.6 × 10^11 codes). */
export function generatePartnerCode(): string {
  let code = '';
  for (let i = 0; i < PARTNER_CODE_LENGTH; i += 1) {
    code += PARTNER_CODE_ALPHABET[crypto.randomInt(PARTNER_CODE_ALPHABET.length)];
  }
  return code;
}

/** How many codes are drawn before giving up (a collision is already one in billions). */
const PARTNER_CODE_ATTEMPTS = 8;

/**
 * The common config of a new top-level agency (one the platform creates): flight service on, and
 * it may create sub-agencies; train service off, no bills shown. Its settings screen changes them.
 */
export function topLevelCommonConfig(settlementCurrency: Currency): AgencyCommonConfig {
  return {
    enableFlightService: true,
    enableTrainService: false,
    isShowBill: false,
    canCreateSubAgency: true,
    settlementCurrency,
  };
}

/**
 * The common config of a new sub-agency: its parent's settlement currency and e-mail language,
 * flight service on, train service off, no bills shown, no sub-agencies of its own. The parent
 * (or its own parent) changes them later with PUT .../{id}/config.
 */
export function defaultCommonConfig(parent: AgencyRow): AgencyCommonConfig {
  const p = parent.commonConfig;
  return {
    enableFlightService: true,
    enableTrainService: false,
    isShowBill: false,
    canCreateSubAgency: false,
    settlementCurrency: isCurrency(p.settlementCurrency) ? p.settlementCurrency : 'CNY',
    ...(p.emailLanguage ? { emailLanguage: p.emailLanguage } : {}),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface NewAgency {
  agency: AgencyRow;
  superAdmin: UserRow;
}

/** Where a new agency goes: below `parent` (a sub-agency), or at the top (`parent: null`). */
export interface AgencyPlace {
  parent: AgencyRow | null;
  commonConfig: AgencyCommonConfig;
  /** The IANA time zone; default the column's (Asia/Shanghai). */
  timeZone?: string;
}

/** Where a new sub-agency of `parent` goes, with its default common config. */
export function subAgencyPlace(parent: AgencyRow): AgencyPlace {
  return { parent, commonConfig: defaultCommonConfig(parent) };
}

/** What the new agency and its super admin are made of (`CreateAgencyBody` without `parentId`). */
export type NewAgencyFields = Omit<CreateAgencyBody, 'parentId'>;

/**
 * Creates an agency in the caller's transaction: the agency (unique partner code, proxy level one
 * below its parent or 0 at the top, the place's common config, default flight settings) and its
 * SuperUser with the already hashed temporary password, who must change it at the first login.
 * The caller opens its wallet (`ensureAccounts` of the wallet module) in the same transaction. A
 * taken username is 409 USERNAME_TAKEN.
 */
export async function createAgency(
  tx: Db,
  place: AgencyPlace,
  body: NewAgencyFields,
  passwordHash: string,
): Promise<NewAgency> {
  if (await usernameExists(tx, body.superAdminUsername)) throw new AppError('USERNAME_TAKEN');
  const { parent, commonConfig } = place;
  let agency: AgencyRow | undefined;
  for (let attempt = 0; !agency && attempt < PARTNER_CODE_ATTEMPTS; attempt += 1) {
    agency = await insertAgencyWithCode(tx, {
      partnerCode: generatePartnerCode(),
      name: body.name,
      alias: body.alias,
      advisor: body.advisor,
      allowedDomains: body.allowedDomains,
      proxyLevel: parent ? parent.proxyLevel + 1 : 0,
      parentId: parent ? parent.id : null,
      commonConfig,
      flightSettings: DEFAULT_FLIGHT_SETTINGS,
      ...(place.timeZone ? { timeZone: place.timeZone } : {}),
      profile: {
        contactName: body.contactName,
        email: body.email,
        phone: body.phone,
        extraInfo: body.extraInfo,
      },
    });
  }
  if (!agency) throw new Error('no free partner code');
  try {
    const superAdmin = await insertUser(tx, {
      agencyId: agency.id,
      username: body.superAdminUsername,
      nickname: body.contactName,
      email: body.email,
      mobileAreaCode: body.phone?.areaCode ?? null,
      mobileNumber: body.phone?.number ?? null,
      roles: ['SuperUser'],
      permissions: permissionsForRoles(['SuperUser']),
      status: 'active',
      passwordHash,
      mustChangePassword: true,
      config: body.phone ? { defaultRegion: body.phone.areaCode } : {},
    });
    return { agency, superAdmin };
  } catch (error) {
    // Another request took the name between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
    throw error;
  }
}
