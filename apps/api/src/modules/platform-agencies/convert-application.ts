import type { ConvertApplicationBody, ConvertedApplication } from '@portal/domain/platform-agencies';
import { DEFAULT_LOCALE, isLocale } from '@portal/domain/locale';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createAgency, topLevelCommonConfig } from '../agencies/index';
import { generatePassword, type PasswordHasher } from '../users/index';
import { ensureAccounts } from '../wallet/index';
import { queueAgencyEmail } from '../notifications/index';
import { presentApplication } from './applications.presenter';
import { lockApplication, setApplicationStatus } from './applications.repo';
import { credentialsEmail } from './credentials-email';
import type { PlatformActor } from './platform-actor';

export interface ConversionDeps {
  db: Db;
  hasher: PasswordHasher;
  /** Where a failure to queue the credentials e-mail is told (the conversion stands). */
  log?(error: unknown): void;
}

/**
 * POST /platform/v2/applications/{id}/conversion: creates the top-level agency of an application
 * (no parent, proxy level 0, flight service on, may create sub-agencies, the chosen settlement
 * currency and time zone) with its wallet and its SuperUser, whose temporary password must be
 * changed at the first sign-in; the application becomes `converted` with the agency's id, and
 * the platform audit log records it, all in one transaction. A converted application is refused
 * (409 APPLICATION_CONVERTED), so a second call never makes a second agency. Once committed, the
 * credentials e-mail to the contact is queued, in the application's language. The temporary
 * password is answered this once; only its hash is stored.
 */
export async function convertApplication(
  deps: ConversionDeps,
  actor: PlatformActor,
  id: string,
  body: ConvertApplicationBody,
): Promise<ConvertedApplication> {
  const temporaryPassword = generatePassword();
  // Hashing is slow: before the transaction opens.
  const passwordHash = await deps.hasher.hash(temporaryPassword);
  const done = await deps.db.transaction(async (tx) => {
    const before = await lockApplication(tx, id);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status === 'converted') throw new AppError('APPLICATION_CONVERTED');
    const { agency, superAdmin } = await createAgency(
      tx,
      { parent: null, commonConfig: topLevelCommonConfig(body.settlementCurrency), timeZone: body.timeZone },
      {
        name: body.companyName,
        alias: null,
        advisor: null,
        contactName: body.contactName,
        email: body.email,
        phone: body.phone,
        allowedDomains: [],
        extraInfo: null,
        superAdminUsername: body.superAdminUsername,
      },
      passwordHash,
    );
    await ensureAccounts(tx, agency.id, body.settlementCurrency);
    const application = await setApplicationStatus(tx, id, 'converted', agency.id);
    if (!application) throw new AppError('NOT_FOUND');
    await actor.record(tx, {
      action: 'application.convert',
      targetType: 'application',
      targetId: id,
      before: { status: before.status },
      after: {
        status: 'converted',
        agencyId: agency.id,
        agencyName: agency.name,
        settlementCurrency: body.settlementCurrency,
        timeZone: body.timeZone,
        superAdmin: superAdmin.username,
        emailTo: body.email,
      },
    });
    return { application, agency, superAdmin };
  });
  const locale = isLocale(done.application.locale) ? done.application.locale : DEFAULT_LOCALE;
  const email = credentialsEmail(
    {
      agencyName: done.agency.name,
      contactName: body.contactName,
      username: done.superAdmin.username,
      temporaryPassword,
    },
    locale,
  );
  let queued = true;
  try {
    await queueAgencyEmail(deps.db, {
      agencyId: done.agency.id,
      kind: 'agency.credentials',
      to: body.email,
      ...email,
      locale,
    });
  } catch (error) {
    // The agency exists: the operator still sees the password once and passes it on.
    queued = false;
    deps.log?.(error);
  }
  return {
    application: presentApplication(done.application),
    agency: { id: done.agency.id, name: done.agency.name, partnerCode: done.agency.partnerCode },
    superAdmin: { id: done.superAdmin.id, username: done.superAdmin.username, temporaryPassword },
    email: { to: body.email, queued },
  };
}
