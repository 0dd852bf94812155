import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DocumentType, PayloadDocumentType } from '@portal/domain/document-types';
import type { FrequentFlyer, Gender, PhoneWithArea } from '@portal/domain/flight-order';
import { agencies } from '../agencies/index';
import { users } from '../users/index';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A user's often-used passengers (at most `MAX_FREQUENT_PASSENGERS` per user, checked on insert). */
export const frequentPassengers = pgTable(
  'frequent_passengers',
  {
    /** A random UUID: never a sequential id another tenant could guess. */
    id: text('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surname: text('surname').notNull(),
    givenNames: text('given_names').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    nationality: text('nationality').notNull(),
    documentType: text('document_type').$type<PayloadDocumentType>().notNull(),
    documentInterfaceType: text('document_interface_type').$type<DocumentType>().notNull(),
    /** Normalized: upper case, no spaces. */
    documentNumber: text('document_number').notNull(),
    documentExpiryDate: date('document_expiry_date', { mode: 'string' }).notNull(),
    documentIssuingPlace: text('document_issuing_place'),
    frequentFlyer: jsonb('frequent_flyer').$type<FrequentFlyer>(),
    phone: jsonb('phone').$type<PhoneWithArea>(),
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('frequent_passengers_user_idx').on(t.userId, t.agencyId)],
);

export type FrequentPassengerRow = typeof frequentPassengers.$inferSelect;
export type NewFrequentPassengerRow = typeof frequentPassengers.$inferInsert;

/** A user's airline loyalty cards, optionally linked to one of the user's often-used passengers. */
export const memberCards = pgTable(
  'member_cards',
  {
    id: text('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    airline: text('airline').notNull(),
    number: text('number').notNull(),
    surname: text('surname').notNull(),
    givenNames: text('given_names').notNull(),
    tier: text('tier'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    frequentPassengerId: text('frequent_passenger_id').references(() => frequentPassengers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('member_cards_user_idx').on(t.userId, t.agencyId)],
);

export type MemberCardRow = typeof memberCards.$inferSelect;
export type NewMemberCardRow = typeof memberCards.$inferInsert;
