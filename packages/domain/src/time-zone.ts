import { z } from 'zod';
import {
  canonicalTimeZone,
  COMMON_TIME_ZONES,
  DEFAULT_AGENCY_TIME_ZONE,
  isIanaTimeZone,
} from './time-zone-names';

/*
 * The schema of an agency's time zone. The names and their checks are in `time-zone-names.ts`,
 * without zod, for the company and agency forms; re-exported here so the API's imports stay.
 */
export { canonicalTimeZone, COMMON_TIME_ZONES, DEFAULT_AGENCY_TIME_ZONE, isIanaTimeZone };

/** An IANA time zone name, stored in its canonical spelling. */
export const IanaTimeZone = z
  .string()
  .trim()
  .refine(isIanaTimeZone, { message: 'An IANA time zone name, such as Asia/Shanghai' })
  .transform((name) => canonicalTimeZone(name) ?? name);
