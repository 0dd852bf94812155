import {
  APPLICATION_STATUSES,
  canSetApplicationStatus,
  type ApplicationDetail,
  type ApplicationList,
  type ApplicationListQuery,
  type SettableApplicationStatus,
} from '@portal/domain/platform-agencies';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PlatformActor } from './platform-actor';
import { presentApplication, presentNote } from './applications.presenter';
import {
  findApplication,
  insertNote,
  listApplications,
  lockApplication,
  notesOf,
  setApplicationStatus,
} from './applications.repo';

/** The applications' back office (`/platform/applications`): read, move the status, write notes. */
export function createApplicationsService(db: Db) {
  async function detail(id: string): Promise<ApplicationDetail> {
    const row = await findApplication(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const notes = await notesOf(db, id);
    return { ...presentApplication(row), notes: notes.map(presentNote) };
  }

  return {
    /** GET /platform/v2/applications: newest first, with the count of each status for the tabs. */
    async list(query: ApplicationListQuery): Promise<ApplicationList> {
      const page = await listApplications(db, query);
      const counted = new Map(page.counts.map((c) => [c.status, Number(c.cnt)]));
      return {
        list: page.rows.map(presentApplication),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts: APPLICATION_STATUSES.map((status) => ({ status, cnt: counted.get(status) ?? 0 })),
      };
    },

    /** GET /platform/v2/applications/{id}: every field and the notes. */
    get: detail,

    /**
     * PUT /platform/v2/applications/{id}/status: new, contacted or declined; a converted
     * application no longer moves (APPLICATION_CONVERTED). The same status again changes nothing.
     */
    async setStatus(
      actor: PlatformActor,
      id: string,
      status: SettableApplicationStatus,
    ): Promise<ApplicationDetail> {
      await db.transaction(async (tx) => {
        const before = await lockApplication(tx, id);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.status === 'converted') throw new AppError('APPLICATION_CONVERTED');
        if (before.status === status) return;
        if (!canSetApplicationStatus(before.status, status)) throw new AppError('APPLICATION_STATUS_REFUSED');
        await setApplicationStatus(tx, id, status);
        await actor.record(tx, {
          action: 'application.status',
          targetType: 'application',
          targetId: id,
          before: { status: before.status },
          after: { status },
        });
      });
      return detail(id);
    },

    /** POST /platform/v2/applications/{id}/notes: a note by the signed-in admin, audited. */
    async addNote(actor: PlatformActor, id: string, text: string): Promise<ApplicationDetail> {
      await db.transaction(async (tx) => {
        const application = await lockApplication(tx, id);
        if (!application) throw new AppError('NOT_FOUND');
        const note = await insertNote(tx, {
          applicationId: id,
          authorId: actor.adminId,
          authorName: actor.name,
          text,
        });
        await actor.record(tx, {
          action: 'application.note',
          targetType: 'application',
          targetId: id,
          after: { noteId: note.id, text },
        });
      });
      return detail(id);
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
