/** Surname: English letters A-Z, words separated by single spaces (spec §5). */
export const SURNAME_PATTERN = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
/** Given names: English letters, words separated by single spaces. */
export const GIVEN_NAMES_PATTERN = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
/** ISO 3166-1 alpha-2 country code. */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
/** The longest passenger and contact texts a booking takes; the web's inputs stop there too. */
export const PASSENGER_TEXT_MAX = {
  surname: 40,
  givenNames: 60,
  documentNumber: 30,
  issuingPlace: 64,
  contactName: 64,
} as const;
