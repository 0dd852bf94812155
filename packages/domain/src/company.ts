import { z } from 'zod';
import { AreaCode } from './auth';
import { COMPANY_LIMITS, isEmailAddress, isWebsiteUrl } from './company-fields';
import { isValidPhone } from './phone-numbers';
import { CleanText } from './primitives';
import { IanaTimeZone } from './time-zone';

/**
 * The agency's own profile (/company, spec §3 agency fields, §5 "company address required"):
 * what the SuperUser edits with GET/PUT /base/v2/company. The web form and the API share the
 * limits and the rules below; the limits and the text rules are in `company-fields.ts`, without zod,
 * for the forms.
 */

export { COMPANY_LIMITS, isEmailAddress, isWebsiteUrl };

const Text = (max: number) => CleanText.pipe(z.string().trim().max(max));
const RequiredText = (max: number) => CleanText.pipe(z.string().trim().min(1).max(max));
/** An optional text: blank becomes null. */
const OptionalText = (max: number) =>
  Text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A phone number with its area code, valid for that area (libphonenumber-js). */
export const CompanyPhone = z
  .strictObject({ areaCode: AreaCode, number: z.string().regex(/^\d{4,15}$/) })
  .refine((p) => isValidPhone(p.areaCode, p.number), {
    message: 'Not a valid phone number for this area code',
    path: ['number'],
  });

/**
 * PUT /base/v2/company: the whole profile. Name and address are required; the other fields may be
 * null, blank or left out, and are then stored as null.
 */
export const UpdateCompanyBody = z.strictObject({
  name: RequiredText(COMPANY_LIMITS.name),
  alias: OptionalText(COMPANY_LIMITS.alias),
  contactName: OptionalText(COMPANY_LIMITS.contactName),
  email: Text(COMPANY_LIMITS.email)
    .nullish()
    .refine((v) => !v || isEmailAddress(v), { message: 'The email format is incorrect' })
    .transform((v) => (v ? v : null)),
  phone: CompanyPhone.nullish().transform((v) => v ?? null),
  address: RequiredText(COMPANY_LIMITS.address),
  website: Text(COMPANY_LIMITS.website)
    .nullish()
    .refine((v) => !v || isWebsiteUrl(v), { message: 'An http:// or https:// address' })
    .transform((v) => (v ? v : null)),
  extraInfo: OptionalText(COMPANY_LIMITS.extraInfo),
  /** The agency's IANA time zone (statement months); left out, the stored zone stays. */
  timeZone: IanaTimeZone.optional(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

/** The profile fields the agencies table keeps in its `profile` jsonb (everything but name and alias). */
export interface StoredCompanyProfile {
  contactName?: string | null;
  email?: string | null;
  phone?: { areaCode: string; number: string } | null;
  address?: string | null;
  website?: string | null;
  extraInfo?: string | null;
}

/** GET/PUT /base/v2/company answer: the profile plus whether the caller may edit it. */
export const CompanyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.object({ areaCode: z.string(), number: z.string() }).nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  extraInfo: z.string().nullable(),
  /** The agency's IANA time zone: its statement months begin and end at midnight there. */
  timeZone: z.string(),
  canEdit: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;
