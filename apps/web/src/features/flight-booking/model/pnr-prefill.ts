import { isValidDocumentNumber, isValidResidentId, type DocumentType } from '@portal/domain/document-types';
import { PnrAnalysisResult, type PassengerType } from '@portal/domain/shopping';
import type { PassengerFormValue } from '../../../shared/passengers/model/passenger-form';

const PnrPassengers = PnrAnalysisResult.shape.passengers;
export type PnrPassenger = PnrAnalysisResult['passengers'][number];

const MALE_TITLES = new Set(['MR', 'MSTR']);
const FEMALE_TITLES = new Set(['MRS', 'MS', 'MISS']);

/** The passengers of the PNR the session's search was priced from (checked); [] for any other search. */
export function readPnrPassengers(search: Record<string, unknown> | null): PnrPassenger[] {
  const parsed = PnrPassengers.safeParse(search?.pnrPassengers);
  return parsed.success ? parsed.data : [];
}

/**
 * The passenger cards' first values: each card takes the next PNR passenger of its type, with
 * names, gender (from the document or the title) and, when the PNR had `SSR FOID`/`DOCS`, the
 * document, birthday and nationality (a resident ID gives the birthday and China). Cards left
 * over start empty with a passport.
 */
export function prefillPassengers(
  slots: readonly PassengerType[],
  pnr: readonly PnrPassenger[],
): PassengerFormValue[] {
  const unused = [...pnr];
  return slots.map((type) => {
    const index = unused.findIndex((p) => p.type === type);
    const [passenger] = index >= 0 ? unused.splice(index, 1) : [];
    return passenger ? cardOf(type, passenger) : { type, interfaceType: 'passport' };
  });
}

function cardOf(type: PassengerType, p: PnrPassenger): PassengerFormValue {
  const d = p.document;
  const gender =
    d?.gender ??
    (p.title && MALE_TITLES.has(p.title)
      ? 'male'
      : p.title && FEMALE_TITLES.has(p.title)
        ? 'female'
        : undefined);
  const card: PassengerFormValue = {
    type,
    surname: p.surname,
    given_names: p.givenName,
    interfaceType: d ? documentType(d) : 'passport',
  };
  if (gender) card.gender = gender;
  if (d) card.number = d.number;
  const resident = d?.kind === 'national-id' && isValidResidentId(d.number) ? d.number : undefined;
  const birthday = d?.birthday ?? (resident && residentBirthday(resident));
  if (birthday) card.birthday = birthday;
  const nationality = d?.nationality ?? (resident ? 'CN' : undefined);
  if (nationality) card.nationality = nationality;
  if (d?.expiryDate) card.expiryDate = d.expiryDate;
  return card;
}

/** A mainland resident ID (FOID `NI`) carries its holder's birth date in digits 7 to 14. */
function residentBirthday(id: string): string {
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

function documentType(d: NonNullable<PnrPassenger['document']>): DocumentType {
  if (d.kind === 'national-id') return 'national-id';
  const chinese = d.issuingCountry === 'CN' && isValidDocumentNumber('chinese-passport', d.number);
  return chinese ? 'chinese-passport' : 'passport';
}
