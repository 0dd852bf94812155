import { index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { ServiceFeeMode } from '@portal/domain/client-quote';
import type { Locale } from '@portal/domain/locale';
import type { ClientQuoteSource } from '@portal/domain/api/client-quotes';
import type { BaggageRule, FareRules, SolutionLeg } from '@portal/domain/shopping';
import type { QuoteFareLine } from '@portal/domain/client-quote';
import { createdAt, minorUnits, timestamptz, uuidId } from '../../platform/db/columns';
import { orderOwnerColumns } from '../agencies/index';

/** What a quote shows, copied when it is made: later changes to the search or the order do not move it. */
export interface ClientQuoteSnapshot {
  validatingCarrier: string;
  fareFamily: string | null;
  legs: SolutionLeg[];
  baggage: BaggageRule[];
  /** The fare's change, refund and no-show summary (without the supplier's own wording). */
  rules: Pick<FareRules, 'change' | 'refund' | 'noShow'>;
  /** What the agency pays per passenger of each type, in minor units of the quote's currency. */
  lines: QuoteFareLine[];
}

/**
 * A priced quote an agent sent a traveller. `token` is the only key of the public link (random,
 * 192 bits, unique by constraint); the agency and the creating user scope the agent's reads.
 */
export const clientQuotes = pgTable(
  'client_quotes',
  {
    id: uuidId(),
    token: text('token').notNull(),
    // The agency and the user who made it, as an order's owner (deleted with them).
    ...orderOwnerColumns(),
    source: jsonb('source').$type<ClientQuoteSource>().notNull(),
    snapshot: jsonb('snapshot').$type<ClientQuoteSnapshot>().notNull(),
    currency: text('currency').notNull(),
    feeMode: text('fee_mode').$type<ServiceFeeMode>().notNull(),
    feeMinor: minorUnits('fee_minor').notNull(),
    travellerName: text('traveller_name'),
    note: text('note'),
    language: text('language').$type<Locale>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    unique('client_quotes_token_key').on(t.token),
    index('client_quotes_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
);

export type ClientQuoteRow = typeof clientQuotes.$inferSelect;
