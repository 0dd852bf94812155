import {
  passengerPhoneError as passengerPhoneErrorWith,
  validateContact as validateContactWith,
  validatePassenger as validatePassengerWith,
  type ContactDraft,
  type PassengerContext,
  type PassengerDraft,
  type RuleError,
} from './passenger-checks';
import { isValidPhone } from './phone-numbers';

/*
 * The passenger and contact rules of spec §5 with the phone check built in, as the API applies
 * them. The rules themselves are in `passenger-checks.ts`, which takes the phone check as an
 * argument: the web app imports that module and loads `phone-numbers.ts` when it first checks.
 */
export * from './passenger-checks';
export { isValidPhone };

/** Every passenger rule of spec §5 (`passenger-checks.ts`), phones checked with `isValidPhone`. */
export function validatePassenger(p: PassengerDraft, ctx: PassengerContext): RuleError[] {
  return validatePassengerWith(p, ctx, isValidPhone);
}

/** A passenger's optional phone: when a number is given it must be valid for its area code. */
export function passengerPhoneError(phone: PassengerDraft['phone']): RuleError | undefined {
  return passengerPhoneErrorWith(phone, isValidPhone);
}

/** The booking contact (spec §5), its phone checked with `isValidPhone`. */
export function validateContact(contact: ContactDraft): RuleError[] {
  return validateContactWith(contact, isValidPhone);
}
