import type { TFunction } from 'i18next';
import { describeEntry, type WalletEntry } from '@portal/domain/wallet';

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
