/*
 * The field rules of an airline member card, without zod: the profile's card editor checks as the
 * user types with these, and `frequent-passengers.ts` builds `MemberCardBody`, which the API
 * parses with, from the same patterns and limits (docs/performance/javascript-per-route.md).
 */
import { GIVEN_NAMES_PATTERN, PASSENGER_TEXT_MAX, SURNAME_PATTERN } from './name-patterns';
import { isCalendarDate } from './text-checks';

/** The issuing airline: an IATA code, two capital letters or digits. */
export const MEMBER_CARD_AIRLINE_PATTERN = /^[A-Z0-9]{2}$/;

/** The card number: 4 to 20 letters or digits. */
export const MEMBER_CARD_NUMBER_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** Longest loyalty programme tier as printed (e.g. "Gold"). */
export const MEMBER_CARD_TIER_MAX = 32;

export function isMemberCardAirline(text: string): boolean {
  return MEMBER_CARD_AIRLINE_PATTERN.test(text);
}

/** Spaces around the number are dropped, as the API drops them. */
export function isMemberCardNumber(text: string): boolean {
  return MEMBER_CARD_NUMBER_PATTERN.test(text.trim());
}

/** The card holder's surname, trimmed: 1 to 40 English letters, words separated by single spaces. */
export function isMemberCardSurname(text: string): boolean {
  const name = text.trim();
  return name.length >= 1 && name.length <= PASSENGER_TEXT_MAX.surname && SURNAME_PATTERN.test(name);
}

/** The card holder's given names, trimmed: 1 to 60 English letters, words separated by single spaces. */
export function isMemberCardGivenNames(text: string): boolean {
  const name = text.trim();
  return name.length >= 1 && name.length <= PASSENGER_TEXT_MAX.givenNames && GIVEN_NAMES_PATTERN.test(name);
}

/** The expiry date, when given: a calendar day `YYYY-MM-DD` in the range every date field takes. */
export function isMemberCardExpiryDate(text: string): boolean {
  return isCalendarDate(text);
}
