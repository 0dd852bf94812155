import { z } from 'zod';
import { CleanText } from './primitives';

/**
 * Which suppliers a top-level agency (and every agency below it) may use, set by the platform
 * (`platform:support`). A list per kind; null allows every configured supplier of that kind,
 * also those configured later.
 */

const SupplierName = CleanText.pipe(z.string().min(1).max(64));
const AllowList = z
  .array(SupplierName)
  .max(100)
  .refine((names) => new Set(names).size === names.length, { message: 'Each supplier once' })
  .nullable();

export const SUPPLIER_KINDS = ['flight', 'rail'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

/** PUT /platform/v2/agencies/:id/suppliers. */
export const AgencySuppliersBody = z.strictObject({ flight: AllowList, rail: AllowList });
export type AgencySuppliersBody = z.infer<typeof AgencySuppliersBody>;

const KindState = z.object({
  /** The suppliers of this kind the portal is configured with. */
  configured: z.array(z.string()),
  /** The allowed ones; null: all of them except the opt-in ones. */
  allowed: z.array(z.string()).nullable(),
  /** Configured suppliers only an explicit list switches on (real ones that book real tickets). */
  optIn: z.array(z.string()),
  /** Configured suppliers connected to their provider's test environment (a `duffel_test_` token). */
  testMode: z.array(z.string()),
});

/** GET/PUT /platform/v2/agencies/:id/suppliers. */
export const AgencySuppliers = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  flight: KindState,
  rail: KindState,
});
export type AgencySuppliers = z.infer<typeof AgencySuppliers>;

export const PlatformAgencyIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Whether a supplier may be used under an allow-list (null: every supplier but the opt-in ones). */
export function isSupplierAllowed(allowed: readonly string[] | null, name: string, optIn = false): boolean {
  return allowed === null ? !optIn : allowed.includes(name);
}
