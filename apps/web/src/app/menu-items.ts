import { PENDING_GROUPS, type PendingGroupKey } from '@portal/domain/flight-order-tabs';
import { decideNavigation } from '@portal/domain/navigation';
import type { AccessSubject } from '@portal/domain/roles';

/** A menu entry: a link to an in-app path, or a group of entries. Labels are i18n keys. */
export interface MenuEntry {
  key: string;
  labelKey: string;
  path?: string;
  /** Search params the link adds to `path` (`group=to_be_paid`); `selectedKey` matches them too. */
  search?: string;
  children?: readonly MenuEntry[];
  /** Show the children under a heading, always open, instead of in a submenu. */
  grouped?: boolean;
  /** The flight-order pending group whose live count the entry shows. */
  pendingGroup?: PendingGroupKey;
}

/** Live counts by pending group, shown beside the entries that name one. */
export type MenuCounts = Partial<Record<PendingGroupKey, number>>;

/** One entry per pending-order group of spec §2, each opening the order list filtered to it. */
export const PENDING_ENTRIES: readonly MenuEntry[] = PENDING_GROUPS.map((group) => ({
  key: `pending-${group.key}`,
  labelKey: group.labelKey,
  path: '/flight/orders',
  search: `group=${group.key}`,
  pendingGroup: group.key,
}));

export const BOOKINGS_ENTRIES: readonly MenuEntry[] = [
  { key: 'flight-orders', labelKey: 'menu.flightOrders', path: '/flight/orders' },
  {
    key: 'pending-flight-orders',
    labelKey: 'menu.pendingFlightOrders',
    grouped: true,
    children: PENDING_ENTRIES,
  },
  { key: 'group-orders', labelKey: 'menu.groupOrders', path: '/flight/group/order' },
  { key: 'train-orders', labelKey: 'menu.trainOrders', path: '/train/orders' },
  { key: 'booking-records', labelKey: 'router.flightVoyage', path: '/flight/orders/voyage' },
  { key: 'flight-disruptions', labelKey: 'menu.flightDisruptions', path: '/flight/orders/disruptions' },
];

export const BILL_ENTRIES: readonly MenuEntry[] = [
  { key: 'wallet', labelKey: 'menu.walletEntries', path: '/bills/wallet' },
  { key: 'transactions', labelKey: 'menu.transactions', path: '/bills/transactions' },
  { key: 'statements', labelKey: 'menu.statements', path: '/bills/statements' },
];

export const AGENCY_ENTRIES: readonly MenuEntry[] = [
  { key: 'agencies', labelKey: 'menu.agencies', path: '/agency-manager' },
  { key: 'agency-statements', labelKey: 'menu.agencyStatements', path: '/agency-manager/statements' },
];

/** The top menu of spec §2. */
export const TOP_MENU: readonly MenuEntry[] = [
  { key: 'flights', labelKey: 'menu.flights', path: '/flight/booking' },
  { key: 'group-ticket', labelKey: 'menu.groupTicket', path: '/flight/group/booking' },
  { key: 'trains', labelKey: 'menu.trains', path: '/train/booking' },
  { key: 'my-bookings', labelKey: 'menu.myBookings', children: BOOKINGS_ENTRIES },
  { key: 'wallet-invoicing', labelKey: 'menu.wallet', children: BILL_ENTRIES },
  { key: 'agency-management', labelKey: 'menu.agencyManager', children: AGENCY_ENTRIES },
];

/** The user menu of spec §2 (log out is added by the component). */
export const USER_MENU: readonly MenuEntry[] = [
  { key: 'users', labelKey: 'menu.users', path: '/users' },
  { key: 'user-log', labelKey: 'menu.userLog', path: '/user-log' },
  { key: 'company', labelKey: 'menu.company', path: '/company' },
  { key: 'account', labelKey: 'menu.account', path: '/profile' },
];

/** Whether the guard would let `subject` in at `path`. */
export function canVisit(path: string, subject: AccessSubject | null): boolean {
  return decideNavigation(path, { subject }).kind === 'allow';
}

/** The entries `subject` may enter; a group stays when one of its children does. */
export function visibleEntries(entries: readonly MenuEntry[], subject: AccessSubject | null): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = visibleEntries(entry.children, subject);
      if (children.length > 0) out.push({ ...entry, children });
    } else if (entry.path && canVisit(entry.path, subject)) {
      out.push(entry);
    }
  }
  return out;
}

/** Whether any of `entries`, at any depth, shows a pending-group count. */
export function hasPendingGroup(entries: readonly MenuEntry[]): boolean {
  return entries.some((entry) => entry.pendingGroup !== undefined || hasPendingGroup(entry.children ?? []));
}

/** Whether every search param of the entry is in `search` with the same value. */
function matchesSearch(entry: MenuEntry, search: string): boolean {
  const current = new URLSearchParams(search);
  return [...new URLSearchParams(entry.search)].every(([name, value]) => current.get(name) === value);
}

/**
 * The key of the entry whose path is the longest prefix of `pathname`; of entries with the same
 * path, one whose search params all match `search` wins over a plain one (`/flight/orders?group=x`
 * selects the pending group's entry, not Flight orders).
 */
export function selectedKey(
  entries: readonly MenuEntry[],
  pathname: string,
  search = '',
): string | undefined {
  let best: { key: string; length: number; params: number } | undefined;
  const visit = (list: readonly MenuEntry[]) => {
    for (const entry of list) {
      if (entry.children) visit(entry.children);
      const path = entry.path;
      if (!path || !(pathname === path || pathname.startsWith(`${path}/`))) continue;
      if (!matchesSearch(entry, search)) continue;
      const params = [...new URLSearchParams(entry.search)].length;
      if (!best || path.length > best.length || (path.length === best.length && params > best.params)) {
        best = { key: entry.key, length: path.length, params };
      }
    }
  };
  visit(entries);
  return best?.key;
}
