import { z } from 'zod';
import { DOCUMENT_TYPE_CODES, PAYLOAD_DOCUMENT_TYPES, type DocumentType } from './document-types';

/**
 * What the passport reader answers (`POST /base/v2/analysis/document`): the passenger fields read
 * from a machine-readable zone (null where unreadable), a confidence per field, and the zone's
 * lines as used (after repair).
 */
export const DocumentReading = z.object({
  /** `TD3` (passport), `TD2` or `TD1` (cards). */
  format: z.string(),
  fields: z.object({
    surname: z.string().nullable(),
    given_names: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    /** `YYYY-MM-DD`; two-digit years by the birth-date rule of spec §5. */
    birthday: z.string().nullable(),
    /** ISO alpha-2 (`CN`); null for codes without one (e.g. the specimen state `UTO`). */
    nationality: z.string().nullable(),
    /** The three-letter code as printed in the zone. */
    nationalityCode: z.string().nullable(),
    travel_document: z.object({
      type: z.enum(PAYLOAD_DOCUMENT_TYPES),
      interfaceType: z.enum(DOCUMENT_TYPE_CODES as readonly [DocumentType, ...DocumentType[]]),
      number: z.string().nullable(),
      /** `YYYY-MM-DD`, always 20yy. */
      expiryDate: z.string().nullable(),
    }),
    issuingCountry: z.string().nullable(),
    issuingCountryCode: z.string().nullable(),
  }),
  /** Per field: true when a check digit (or, for names, the character set) confirms it. */
  checks: z.object({
    surname: z.boolean(),
    given_names: z.boolean(),
    gender: z.boolean(),
    birthday: z.boolean(),
    nationality: z.boolean(),
    documentNumber: z.boolean(),
    expiryDate: z.boolean(),
    issuingCountry: z.boolean(),
    composite: z.boolean(),
    /** Every check digit of the zone passed (names still need a person's look). */
    allCheckDigits: z.boolean(),
  }),
  raw: z.array(z.string()),
});
export type DocumentReading = z.infer<typeof DocumentReading>;
