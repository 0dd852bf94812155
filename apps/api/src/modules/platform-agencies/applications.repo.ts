import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicationListQuery, ApplicationStatus } from '@portal/domain/platform-agencies';
import type { Db } from '../../platform/db';
import { applications, type ApplicationRow } from '../applications/index';
import { applicationNotes, type ApplicationNoteRow } from './platform-agencies.schema';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function keywordWhere(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const like = `%${escapeLike(keyword)}%`;
  return or(
    ilike(applications.name, like),
    ilike(applications.companyName, like),
    ilike(applications.email, like),
    ilike(applications.phone, like),
  );
}

/** A page of applications, newest first, the total and the count of each status (keyword applied). */
export async function listApplications(db: Db, query: ApplicationListQuery) {
  const byKeyword = keywordWhere(query.keyword);
  const where = and(byKeyword, query.status ? eq(applications.status, query.status) : undefined);
  const rows = await db
    .select()
    .from(applications)
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ total: count() }).from(applications).where(where);
  const counts = await db
    .select({ status: applications.status, cnt: count() })
    .from(applications)
    .where(byKeyword)
    .groupBy(applications.status);
  return { rows, total: counted?.total ?? 0, counts };
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The application, locked for the rest of the transaction. */
export async function lockApplication(tx: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

export async function setApplicationStatus(
  tx: Db,
  id: string,
  status: ApplicationStatus,
  convertedAgencyId: number | null = null,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(convertedAgencyId === null ? {} : { convertedAgencyId }),
    })
    .where(eq(applications.id, id))
    .returning();
  return row;
}

/** The application's notes, oldest first. */
export async function notesOf(db: Db, applicationId: string): Promise<ApplicationNoteRow[]> {
  return db
    .select()
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export async function insertNote(
  tx: Db,
  values: { applicationId: string; authorId: number; authorName: string; text: string },
): Promise<ApplicationNoteRow> {
  const [row] = await tx.insert(applicationNotes).values(values).returning();
  if (!row) throw new Error('note not written');
  await tx
    .update(applications)
    .set({ updatedAt: sql`now()` })
    .where(eq(applications.id, values.applicationId));
  return row;
}
