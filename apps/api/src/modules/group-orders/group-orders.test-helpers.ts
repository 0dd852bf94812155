import type { GroupOrderStatus } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { eq } from 'drizzle-orm';
import { groupInstalments, groupOrders, groupQuotes, type GroupOrderRow } from './group-orders.schema';
import { groupPassengers } from './passenger-list/passenger-list.schema';

/**
 * Saves a group order of `agencyId` straight in the database (for tests that need one without the
 * group desk): ten adults PEK -> SHA, in CNY.
 */
export async function insertGroupOrderFor(
  db: Db,
  agencyId: number,
  userId: number,
  options: { status: GroupOrderStatus; bookingNumber?: string },
): Promise<GroupOrderRow> {
  const [row] = await db
    .insert(groupOrders)
    .values({
      bookingNumber: options.bookingNumber ?? `G${Date.now()}${Math.floor(Math.random() * 1000)}`,
      agencyId,
      userId,
      status: options.status,
      request: {
        journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-01' }],
        isChangeDate: false,
        acceptChangeFlight: false,
        passengers: { adult: 10, child: 0, infant: 0 },
      },
      currency: 'CNY',
      timeZone: 'Asia/Shanghai',
      desk: 'sim',
    })
    .returning();
  if (!row) throw new Error('group order not inserted');
  return row;
}

/**
 * Gives a saved group order (ten adults) what its traveller documents show, straight in the
 * database: a picked quote PEK -> SHA with its four instalments (the first `paid` of them paid from
 * the balance), and, when `passengers`, a confirmed list of ten with tickets for all.
 */
export async function giveGroupOrderDocuments(
  db: Db,
  order: GroupOrderRow,
  options: { paid: number; passengers: boolean },
): Promise<{ paidAt: (n: number) => Date }> {
  const now = Date.now();
  const day = (n: number) => new Date(now + n * 86_400_000);
  const plan = [
    { n: 1, kind: 'first' as const, amountMinor: 300_000, deadline: day(3).toISOString() },
    { n: 2, kind: 'second' as const, amountMinor: 300_000, deadline: day(10).toISOString() },
    { n: 3, kind: 'third' as const, amountMinor: 200_000, deadline: day(20).toISOString() },
    { n: 4, kind: 'final' as const, amountMinor: 210_000, deadline: day(30).toISOString() },
  ];
  // Paid ten days ago and later, at a minute the agency's clock shows unlike UTC's.
  const paidAt = (n: number) => new Date(Math.floor(day(n - 10).getTime() / 60_000) * 60_000);
  const [quote] = await db
    .insert(groupQuotes)
    .values({
      orderId: order.id,
      state: 'picked',
      flights: [
        {
          journey: 0,
          airline: 'CA',
          flightNumber: '1501',
          origin: 'PEK',
          destination: 'SHA',
          departure: '2030-01-01T08:00',
          arrival: '2030-01-01T10:15',
          cabin: 'economy',
        },
      ],
      fares: [{ passengerType: 'adult', count: 10, fareMinor: 90_000, taxesMinor: 11_000 }],
      baggage: [],
      totalMinor: 1_010_000,
      confirmBy: day(2),
      passengerListDeadline: day(15),
      plan,
      quotedAt: new Date(now),
    })
    .returning();
  if (!quote) throw new Error('quote not inserted');
  await db.update(groupOrders).set({ pickedQuoteId: quote.id }).where(eq(groupOrders.id, order.id));
  await db.insert(groupInstalments).values(
    plan.map((p) => ({
      orderId: order.id,
      n: p.n,
      kind: p.kind,
      amountMinor: p.amountMinor,
      currency: 'CNY',
      deadline: new Date(p.deadline),
      ...(p.n <= options.paid
        ? {
            paidAt: paidAt(p.n),
            channel: 'balance',
            paymentReference: `W-${p.n}`,
            ledgerEntryId: Math.floor(Math.random() * 1e12),
          }
        : {}),
    })),
  );
  if (!options.passengers) return { paidAt };
  const rows = await db
    .insert(groupPassengers)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        orderId: order.id,
        agencyId: order.agencyId,
        position: i + 1,
        type: 'adult' as const,
        surname: i === 0 ? 'WANG' : `TRAVELLER${i}`,
        givenNames: i === 0 ? 'FANG' : 'GROUP',
        gender: 'female' as const,
        birthday: '1990-01-01',
        nationality: 'CN',
        documentType: 'passport' as const,
        documentNumber: `E${String(12345670 + i)}`,
        documentExpiry: '2035-01-01',
        confirmedAt: new Date(now),
      })),
    )
    .returning();
  const tickets = rows.map((p, i) => ({
    passengerId: String(p.id),
    name: `${p.surname}/${p.givenNames}`,
    passengerType: p.type,
    ticketNumbers: [`999-${String(2000000000 + i)}`],
  }));
  await db.update(groupOrders).set({ tickets }).where(eq(groupOrders.id, order.id));
  return { paidAt };
}
