/**
 * The actions an agency's own settings take away from its users (spec §3 agency config, common
 * settings): the API refuses them (`flightPnr` route access, `PAYMENT_DISABLED`) and the screens
 * hide or disable them with the same rule, so a user is never offered what the API will refuse.
 * What depends on an order's state stays in each order's `allowedActions`.
 */
export const COMPANY_RESTRICTED_ACTIONS = [
  /** Reading a PNR or itinerary to book from it (setting "Hide PNR booking"). */
  'pnrBooking',
  /** Paying any order by any channel: flight, change, group instalment, train ("Disable payment"). */
  'pay',
] as const;
export type CompanyRestrictedAction = (typeof COMPANY_RESTRICTED_ACTIONS)[number];

/** The company flags the rule reads; a flag that is absent (an older answer) restricts nothing. */
export interface CompanyRestrictionFlags {
  hidePnrBooking?: boolean | null;
  disablePayment?: boolean | null;
}

/** Why an action is refused: the setting that refuses it (the web's message key names it). */
export type CompanyRefusal = 'pnrBookingHidden' | 'paymentDisabled';

const RULES: Record<CompanyRestrictedAction, (flags: CompanyRestrictionFlags) => CompanyRefusal | null> = {
  pnrBooking: (flags) => (flags.hidePnrBooking === true ? 'pnrBookingHidden' : null),
  pay: (flags) => (flags.disablePayment === true ? 'paymentDisabled' : null),
};

/** The setting of the user's agency that refuses `action`, or null when the agency allows it. */
export function companyRefusal(
  flags: CompanyRestrictionFlags,
  action: CompanyRestrictedAction,
): CompanyRefusal | null {
  return RULES[action](flags);
}

/** True when the user's agency allows `action` (see `companyRefusal`). */
export function companyAllows(flags: CompanyRestrictionFlags, action: CompanyRestrictedAction): boolean {
  return companyRefusal(flags, action) === null;
}
