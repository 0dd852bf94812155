import { eq } from 'drizzle-orm';
import type { CompanyProfile, UpdateCompanyBody } from '@portal/domain/company';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { findAgencyById } from '../agencies/index';
import { canEditCompany } from './company.policy';
import { presentCompanyProfile } from './company.presenter';

/** GET /base/v2/company: the caller's own agency's profile. */
export async function getCompany(db: Db, ctx: RequestContext): Promise<CompanyProfile> {
  const row = await findAgencyById(db, ctx.agency.id);
  if (!row) throw new AppError('NOT_FOUND');
  return presentCompanyProfile(row, canEditCompany(ctx));
}

/**
 * PUT /base/v2/company: the SuperUser replaces the profile of their own agency (name, alias and
 * the contact fields; the address is required, spec §5). One update of one row.
 */
export async function updateCompany(
  db: Db,
  ctx: RequestContext,
  body: UpdateCompanyBody,
): Promise<CompanyProfile> {
  const [row] = await db
    .update(agencies)
    .set({
      name: body.name,
      alias: body.alias,
      ...(body.timeZone ? { timeZone: body.timeZone } : {}),
      profile: {
        contactName: body.contactName,
        email: body.email,
        phone: body.phone,
        address: body.address,
        website: body.website,
        extraInfo: body.extraInfo,
      },
    })
    .where(eq(agencies.id, ctx.agency.id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return presentCompanyProfile(row, true);
}
