import type { Db } from '../../platform/db';
import type { PaymentGateways } from '../payments/index';
import type { GroupDeskRegistry } from './group-desk';

/** What the group order use cases and jobs need. */
export interface GroupOrderDeps {
  db: Db;
  now: () => Date;
  /** TIME_SCALE: desk answers and deadlines come this many times sooner (demo and tests). */
  timeScale: number;
  desks: GroupDeskRegistry;
  /** The outside payment providers; an instalment is paid from the wallet or through one of them. */
  gateways: PaymentGateways;
}
