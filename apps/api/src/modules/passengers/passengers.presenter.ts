import type {
  FrequentPassenger,
  FrequentPassengerBody,
  MemberCard,
} from '@portal/domain/frequent-passengers';
import type { FrequentPassengerRow, MemberCardRow, NewFrequentPassengerRow } from './passengers.schema';
import { normalizeDocumentNumber } from '@portal/domain/document-types';

export function presentFrequentPassenger(row: FrequentPassengerRow): FrequentPassenger {
  return {
    id: row.id,
    surname: row.surname,
    given_names: row.givenNames,
    gender: row.gender,
    birthday: row.birthday,
    nationality: row.nationality,
    travel_document: {
      type: row.documentType,
      interfaceType: row.documentInterfaceType,
      number: row.documentNumber,
      expiryDate: row.documentExpiryDate,
      issuingPlace: row.documentIssuingPlace,
    },
    frequentFlyer: row.frequentFlyer,
    phone: row.phone,
    email: row.email,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored passenger as a request body, so that an update can be validated as a whole. */
export function frequentPassengerBodyOf(row: FrequentPassengerRow): FrequentPassengerBody {
  const p = presentFrequentPassenger(row);
  const { issuingPlace, ...document } = p.travel_document;
  return {
    surname: p.surname,
    given_names: p.given_names,
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    travel_document: issuingPlace === null ? document : { ...document, issuingPlace },
    ...(p.frequentFlyer ? { frequentFlyer: p.frequentFlyer } : {}),
    ...(p.phone ? { phone: p.phone } : {}),
    ...(p.email !== null ? { email: p.email } : {}),
  };
}

/** The columns of a validated body (names upper-cased as documents print them). */
export function frequentPassengerColumns(
  body: FrequentPassengerBody,
): Omit<NewFrequentPassengerRow, 'id' | 'agencyId' | 'userId'> {
  const doc = body.travel_document;
  return {
    surname: body.surname.toUpperCase(),
    givenNames: body.given_names.toUpperCase(),
    gender: body.gender,
    birthday: body.birthday,
    nationality: body.nationality,
    documentType: doc.type,
    documentInterfaceType: doc.interfaceType,
    documentNumber: normalizeDocumentNumber(doc.number),
    documentExpiryDate: doc.expiryDate,
    documentIssuingPlace: doc.issuingPlace ?? null,
    frequentFlyer: body.frequentFlyer ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
  };
}

export function presentMemberCard(row: MemberCardRow): MemberCard {
  return {
    id: row.id,
    airline: row.airline,
    number: row.number,
    surname: row.surname,
    given_names: row.givenNames,
    tier: row.tier,
    expiryDate: row.expiryDate,
    frequentPassengerId: row.frequentPassengerId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
