import type { OrderPassenger } from '@portal/domain/flight-order';
import type { SupplierPassenger } from '../shopping/index';

interface Phone {
  areaCode: string;
  number: string;
}

/** A phone with its area code in E.164 (`+86` and the digits). */
function e164(phone: Phone | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = `${phone.areaCode.replace(/\D/g, '')}${phone.number.replace(/\D/g, '')}`;
  return digits ? `+${digits}` : undefined;
}

/**
 * Passengers as a supplier books and tickets them: names in capitals, the document number, and the
 * details some suppliers also need (gender, nationality, document expiry, e-mail and phone: the
 * passenger's own, else the booking contact's).
 */
export function toSupplierPassengers(
  passengers: readonly {
    type: OrderPassenger['type'];
    surname: string;
    given_names: string;
    birthday: string;
    gender?: string;
    nationality?: string;
    travel_document: { number: string; expiryDate?: string };
    email?: string;
    phone?: Phone;
  }[],
  contact?: { email?: string; phone?: Phone },
): SupplierPassenger[] {
  return passengers.map((p) => {
    const email = p.email ?? contact?.email;
    const phone = e164(p.phone) ?? e164(contact?.phone);
    return {
      type: p.type,
      surname: p.surname.toUpperCase(),
      givenNames: p.given_names.toUpperCase(),
      birthday: p.birthday,
      documentNumber: p.travel_document.number,
      ...(p.gender === 'male' || p.gender === 'female' ? { gender: p.gender } : {}),
      ...(p.nationality ? { nationality: p.nationality } : {}),
      ...(p.travel_document.expiryDate ? { documentExpiry: p.travel_document.expiryDate } : {}),
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
    };
  });
}
