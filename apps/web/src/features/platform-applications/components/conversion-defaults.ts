import type { Currency } from '@portal/domain/currency';
import { USERNAME_PATTERN } from '@portal/domain/limits';
import type { Application } from '@portal/domain/platform-agencies';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone-names';

/** The conversion form's fields (the phone as the shared phone item keeps it). */
export interface ConversionFormValues {
  companyName: string;
  contactName: string;
  email: string;
  areaCode?: string;
  phone?: string;
  settlementCurrency: Currency;
  timeZone: string;
  superAdminUsername: string;
}

/**
 * The form prefilled from the application: its company (else the person's name), contact, e-mail
 * and phone; CNY and the portal's home zone; the e-mail as the super admin's username when it is
 * one a username may be.
 */
export function conversionDefaults(application: Application): ConversionFormValues {
  const email = application.email ?? '';
  return {
    companyName: application.companyName ?? application.name,
    contactName: application.name,
    email,
    areaCode: application.phoneAreaCode ?? undefined,
    phone: application.phone ?? undefined,
    settlementCurrency: 'CNY',
    timeZone: DEFAULT_AGENCY_TIME_ZONE,
    superAdminUsername: USERNAME_PATTERN.test(email) ? email.toLowerCase() : '',
  };
}
