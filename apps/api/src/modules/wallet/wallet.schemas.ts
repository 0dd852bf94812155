import { z } from 'zod';
import { CURRENCIES } from '@portal/domain/currency';
import { ENTRY_KINDS } from './wallet.schema';

// Request contracts of the wallet endpoints. To move to `@portal/domain/wallet` once it exists.

const Decimal = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,15}(\.\d+)?$/));
const Percent = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/));

/** POST /base/v2/agencies/{id}/balance (spec §3 top-up). */
export const TopUpBody = z.strictObject({
  currency: z.enum(CURRENCIES),
  amount: Decimal,
  exchangeRate: Decimal,
  transactionFeePercent: Percent.optional(),
  referenceNumber: z.string().trim().min(1).max(100),
  amountReceived: Decimal.optional(),
  sendEmail: z.boolean().optional(),
});
export type TopUpBody = z.infer<typeof TopUpBody>;

/** PUT /base/v2/agencies/{id}/credit; `currency` defaults to the settlement currency. */
export const CreditLimitBody = z.strictObject({
  credit: Decimal,
  currency: z.enum(CURRENCIES).optional(),
});
export type CreditLimitBody = z.infer<typeof CreditLimitBody>;

const DateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Query of the wallet entry and transaction lists. */
export const WalletListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  from: DateParam.optional(),
  to: DateParam.optional(),
  /** One entry kind or several, comma separated. */
  type: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(ENTRY_KINDS)))
    .optional(),
  orderId: z.string().min(1).max(64).optional(),
  currency: z.enum(CURRENCIES).optional(),
});
export type WalletListQuery = z.infer<typeof WalletListQuery>;

export const AgencyIdParam = z.object({ id: z.coerce.number().int().positive() });
