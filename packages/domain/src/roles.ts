/** Roles of spec §6. SuperUser passes every role check. */
export const ROLES = ['SuperUser', 'operator', 'finance'] as const;
export type Role = (typeof ROLES)[number];

/** The company flags that decide what a user of that company can reach (spec §3 commonConfig, §6). */
export interface CompanyAccess {
  proxyLevel: number;
  enableFlightService: boolean;
  enableTrainService: boolean;
  isShowBill: boolean;
  canCreateSubAgency: boolean;
  /** The agency hides booking from a PNR (spec §3 'Hide PNR booking'); absent means shown. */
  hidePnrBooking?: boolean;
  /** The agency's payment is disabled (spec §3 'Disable payment'); absent means enabled. */
  disablePayment?: boolean;
}

/** Who is asking: the logged-in user's roles, permission list and company flags. */
export interface AccessSubject {
  roles: readonly string[];
  permissions: readonly string[];
  company: CompanyAccess;
  /** Signed in with a generated temporary password: only the account page until it is changed. */
  mustChangePassword?: boolean;
}

/** True when the user holds one of `required`; SuperUser holds every role. */
export function hasAnyRole(roles: readonly string[], required: readonly Role[]): boolean {
  return roles.includes('SuperUser') || required.some((role) => roles.includes(role));
}

/** Flight service available: enableFlightService plus operator or SuperUser. */
export function hasFlightService(subject: AccessSubject): boolean {
  return subject.company.enableFlightService && hasAnyRole(subject.roles, ['operator']);
}

/** Ticket access: operator or SuperUser. */
export function hasTicketAccess(subject: AccessSubject): boolean {
  return hasAnyRole(subject.roles, ['operator']);
}

/** Finance access: finance or SuperUser, and either a top-level agency or isShowBill. */
export function hasFinanceAccess(subject: AccessSubject): boolean {
  return (
    hasAnyRole(subject.roles, ['finance']) && (subject.company.proxyLevel === 0 || subject.company.isShowBill)
  );
}

/** Agency manager: a top-level agency that may create sub-agencies. */
export function isAgencyManager(subject: AccessSubject): boolean {
  return subject.company.proxyLevel === 0 && subject.company.canCreateSubAgency;
}

/** Train service is a company flag. */
export function hasTrainService(subject: AccessSubject): boolean {
  return subject.company.enableTrainService;
}

/**
 * Train booking (spec §2 route table: /train/booking is operator's): the train service plus
 * operator or SuperUser. Searching, booking, paying, cancelling, refunding and issuing train
 * tickets need it; the train order list and detail need only the train service.
 */
export function hasTrainBooking(subject: AccessSubject): boolean {
  return hasTrainService(subject) && hasAnyRole(subject.roles, ['operator']);
}
