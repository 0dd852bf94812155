import type { Db } from '../../platform/db';

/** Who changes a rate or imports: the signed-in platform admin. */
export interface RatesActor {
  id: number;
  username: string;
}

/** Writes one entry of the platform audit log in the caller's transaction (`recordPlatformAction`). */
export type RecordRatesAction = (
  tx: Db,
  entry: {
    action: 'rates.override' | 'rates.import';
    targetType: string;
    targetId?: string | null;
    before?: unknown;
    after?: unknown;
    note?: string;
  },
) => Promise<void>;
