import type { DocumentReading } from '@portal/domain/document-reading';

type Fields = DocumentReading['fields'];

/**
 * A passport reading as the API answers it: the given fields (the rest null) and no check
 * confirmed, so every field asks to be looked at.
 */
export function makeDocumentReading(
  fields: Partial<Fields> & Pick<Fields, 'travel_document'>,
): DocumentReading {
  return {
    format: 'TD3',
    fields: {
      surname: null,
      given_names: null,
      gender: null,
      birthday: null,
      nationality: null,
      nationalityCode: null,
      issuingCountry: null,
      issuingCountryCode: null,
      ...fields,
    },
    checks: {
      surname: false,
      given_names: false,
      gender: false,
      birthday: false,
      nationality: false,
      documentNumber: false,
      expiryDate: false,
      issuingCountry: false,
      composite: false,
      allCheckDigits: false,
    },
    raw: [],
  };
}
