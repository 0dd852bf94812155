import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from '../../platform/db/columns';
import { applications } from '../applications/index';
import { platformUsers } from '../platform-admin/index';

/**
 * A note a platform admin wrote on an application (who, when, what). Notes are only added, never
 * edited; the platform audit log records each one too.
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: identityId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The platform admin who wrote it. */
    authorId: integer('author_id')
      .notNull()
      .references(() => platformUsers.id),
    /** The admin's username when the note was written. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);

export type ApplicationNoteRow = typeof applicationNotes.$inferSelect;
