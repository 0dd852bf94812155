import type { Application, ApplicationNote } from '@portal/domain/platform-agencies';
import type { ApplicationRow } from '../applications/index';
import type { ApplicationNoteRow } from './platform-agencies.schema';

/** An application as the platform's screens show it (the source address stays inside). */
export function presentApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    email: row.email,
    phoneAreaCode: row.phoneAreaCode,
    phone: row.phone,
    country: row.country,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    website: row.website,
    others: row.others,
    locale: row.locale,
    convertedAgencyId: row.convertedAgencyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentNote(row: ApplicationNoteRow): ApplicationNote {
  return {
    id: row.id,
    text: row.text,
    authorId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}
