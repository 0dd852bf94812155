import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../../test/app';
import { identityId, timestamptz } from './columns';
import type { Database } from './index';
import { rowsOf } from './rows';
import { jsonRowSql, rowFromJson, rowsFromJson } from './json-rows';

/** A table with every kind of column the module tables use. */
const samples = pgTable('json_rows_samples', {
  id: identityId(),
  ref: uuid('ref').notNull(),
  count: integer('count'),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  rate: numeric('rate', { precision: 20, scale: 10 }),
  label: text('label'),
  flag: boolean('flag').notNull(),
  day: date('day'),
  facts: jsonb('facts').$type<unknown>(),
  at: timestamptz('at').notNull(),
  closedAt: timestamptz('closed_at'),
});

describe('rows carried as JSON', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
    await database.db.execute(sql`create table json_rows_samples (
      id bigint generated always as identity primary key, ref uuid not null, count integer,
      amount_minor bigint not null, rate numeric(20, 10), label text, flag boolean not null, day date,
      facts jsonb, at timestamptz not null, closed_at timestamptz)`);
    await database.db.insert(samples).values([
      {
        ref: '6b0c6b8e-4f5d-4c1e-9a57-5f1b8f6f2a10',
        count: 3,
        amountMinor: 9_007_199_254_740_991,
        rate: '1234567890.0123456789',
        label: '张三 "quoted" \\ back',
        flag: true,
        day: '2026-11-30',
        facts: { segments: [0, 2], note: 'x' },
        at: new Date('2026-11-30T14:53:04.123Z'),
        closedAt: new Date('2026-12-01T00:00:00.999Z'),
      },
      {
        ref: '00000000-0000-4000-8000-000000000000',
        count: null,
        amountMinor: -1,
        rate: null,
        label: null,
        flag: false,
        day: null,
        facts: '123',
        at: new Date('1999-12-31T23:59:59.000Z'),
        closedAt: null,
      },
    ]);
  });
  afterAll(() => dispose());

  it('reads back what drizzle reads: 8-byte numbers, numerics, dates, nulls, JSON and texts', async () => {
    const { db } = database;
    const viaDrizzle = await db.select().from(samples).orderBy(samples.id);
    const one = await rowsOf<{ r: unknown }>(
      db,
      sql`select ${jsonRowSql(samples, 's')} as r from ${samples} s order by s.id`,
    );
    expect(one.map((row) => rowFromJson(samples, row.r))).toEqual(viaDrizzle);
    const [all] = await rowsOf<{ rows: unknown }>(
      db,
      sql`select json_agg(${jsonRowSql(samples, 's')} order by s.id) as rows from ${samples} s`,
    );
    expect(rowsFromJson(samples, all?.rows)).toEqual(viaDrizzle);
    expect(viaDrizzle[0]?.amountMinor).toBe(9_007_199_254_740_991);
  });

  it('reads an empty aggregate as no rows and refuses what is not a row', () => {
    expect(rowsFromJson(samples, null)).toEqual([]);
    expect(() => rowFromJson(samples, { id: 1 })).toThrow(/not a JSON row of json_rows_samples/);
    expect(() => rowsFromJson(samples, 'rows')).toThrow(/not JSON rows of json_rows_samples/);
  });
});
