import type { Db } from '../../platform/db';
import type { GroupDeskRegistry } from './group-desk';

/** What the group order use cases and jobs need. */
export interface GroupOrderDeps {
  db: Db;
  now: () => Date;
  /** TIME_SCALE: desk answers and deadlines come this many times sooner (demo and tests). */
  timeScale: number;
  desks: GroupDeskRegistry;
}
