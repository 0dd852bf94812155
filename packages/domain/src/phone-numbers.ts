import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * True when `number` is a valid phone number in the country of `areaCode`. Uses libphonenumber-js
 * with its `max` metadata: the default `min` metadata checks lengths only and takes, for example,
 * any 8 to 10 digits as a Chinese number. Its own module: the metadata is about 43 KB compressed,
 * which the web app loads only when it first checks a phone.
 */
export function isValidPhone(areaCode: string, number: string): boolean {
  const code = areaCode.replace(/^\+/, '').trim();
  const digits = number.replace(/[\s()-]/g, '');
  if (!/^\d{1,4}$/.test(code) || !/^\+?\d{4,17}$/.test(digits)) return false;
  try {
    const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
    return parsed !== undefined && parsed.countryCallingCode === code && parsed.isValid();
  } catch {
    // libphonenumber-js throws for a calling code no country uses (e.g. 1774): not a valid phone.
    return false;
  }
}
