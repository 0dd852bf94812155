import type { GroupOrderStatus } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { groupOrders, type GroupOrderRow } from './group-orders.schema';

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
