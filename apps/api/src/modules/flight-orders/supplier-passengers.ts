import type { OrderPassenger } from '@portal/domain/flight-order';
import type { SupplierPassenger } from '../shopping/index';

/** Passengers as a supplier books and tickets them: names in capitals, the document number. */
export function toSupplierPassengers(
  passengers: readonly {
    type: OrderPassenger['type'];
    surname: string;
    given_names: string;
    birthday: string;
    travel_document: { number: string };
  }[],
): SupplierPassenger[] {
  return passengers.map((p) => ({
    type: p.type,
    surname: p.surname.toUpperCase(),
    givenNames: p.given_names.toUpperCase(),
    birthday: p.birthday,
    documentNumber: p.travel_document.number,
  }));
}
