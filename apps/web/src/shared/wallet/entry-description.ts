import type { TFunction } from 'i18next';
import type { WalletEntry } from '@portal/domain/wallet';
import { describeEntry } from '@portal/domain/wallet-entries';

/**
 * An entry's description in the user's language, made from its ledger kind and its order's
 * booking number; the description stored by the server (English) for entries without a label.
 */
export function entryDescription(t: TFunction, entry: WalletEntry): string {
  const described = describeEntry(entry);
  if (!described) return entry.description || '-';
  return t(`bills.description.${described.label}`, {
    bookingNumber: described.bookingNumber,
    agency: described.agency ?? '',
  });
}
