import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/*
 * The account's choices and the new password's length, without zod: the web's user list, profile
 * and site settings read them, and `auth.ts` (which re-exports them) would bring its schemas, and
 * zod with them, onto those pages (docs/performance/javascript-per-route.md).
 */

export const USER_STATUSES = ['active', 'disabled', 'inactive', 'testing'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const DATE_FORMATS = ['yyyy-MM-dd', 'yyyy/MM/dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'dd-MM-yyyy'] as const;

/** A new password: 6 to 15 characters (spec §5, §9), as `NewPassword` in `auth.ts` checks it. */
export function isValidNewPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}
