import { type FlightOrderStatus, isFlightOrderStatus } from './flight-order-status';

/**
 * Status-count tabs of spec §4, each with the statuses it counts. The key is what the client
 * sends as `GET /order/v2/flight/orders/status?status=` and gets back in `{status, cnt}`.
 */
export const STATUS_TABS = [
  { key: 'to_be_paid', labelKey: 'orders.tab.to_be_paid', statuses: ['to_be_paid'] },
  { key: 'chg_to_be_paid', labelKey: 'orders.tab.chg_to_be_paid', statuses: ['chg_to_be_paid'] },
  {
    key: 'reviewing',
    labelKey: 'orders.tab.reviewing',
    statuses: ['reviewing', 'chg_reviewing', 'rfd_reviewing'],
  },
  {
    key: 'proceeding',
    labelKey: 'orders.tab.proceeding',
    statuses: ['proceeding', 'chg_proceeding', 'rfd_proceeding'],
  },
  {
    key: 'rfd_to_be_confirm',
    labelKey: 'orders.tab.rfd_to_be_confirm',
    statuses: ['rfd_to_be_confirm'],
  },
  {
    key: 'refunded_reimbursing',
    labelKey: 'orders.tab.refunded_reimbursing',
    statuses: ['refunded_reimbursing'],
  },
] as const satisfies readonly { key: string; labelKey: string; statuses: readonly FlightOrderStatus[] }[];

/**
 * Pending-order menu groups of spec §2. The spec names them only; the statuses are a design:
 * `to_be_paid` counts new and change payments, `proceeding` every order under way including voids,
 * and `refunding` the refunds after confirmation until the money is back (so a refund in
 * rfd_proceeding counts under both `proceeding` and `refunding`).
 */
export const PENDING_GROUPS = [
  {
    key: 'to_be_paid',
    labelKey: 'orders.pending.to_be_paid',
    statuses: ['to_be_paid', 'chg_to_be_paid'],
  },
  {
    key: 'reviewing',
    labelKey: 'orders.pending.reviewing',
    statuses: ['reviewing', 'chg_reviewing', 'rfd_reviewing'],
  },
  {
    key: 'proceeding',
    labelKey: 'orders.pending.proceeding',
    statuses: ['proceeding', 'chg_proceeding', 'rfd_proceeding', 'void_proceeding'],
  },
  {
    key: 'pending-confirm',
    labelKey: 'orders.pending.pending-confirm',
    statuses: ['rfd_to_be_confirm'],
  },
  {
    key: 'refunding',
    labelKey: 'orders.pending.refunding',
    statuses: ['rfd_proceeding', 'refunded_reimbursing'],
  },
] as const satisfies readonly { key: string; labelKey: string; statuses: readonly FlightOrderStatus[] }[];

export type StatusTabKey = (typeof STATUS_TABS)[number]['key'];
export type PendingGroupKey = (typeof PENDING_GROUPS)[number]['key'];

/** The pending groups' keys, in menu order. */
export const PENDING_GROUP_KEYS: readonly PendingGroupKey[] = PENDING_GROUPS.map((group) => group.key);

/** Whether `value` names a pending-order menu group (as the `group` search param of the order list). */
export function isPendingGroupKey(value: unknown): value is PendingGroupKey {
  return typeof value === 'string' && (PENDING_GROUP_KEYS as readonly string[]).includes(value);
}

/** The prefix that marks a pending group in a count or list `status` key (`pending.to_be_paid`). */
export const PENDING_KEY_PREFIX = 'pending.';

/**
 * The count and list key of a pending group. Two groups share their name with a tab (`to_be_paid`,
 * `proceeding`) but count more statuses, so groups travel prefixed and a bare key is always the tab.
 */
export function pendingCountKey(group: PendingGroupKey): `pending.${PendingGroupKey}` {
  return `${PENDING_KEY_PREFIX}${group}`;
}

/** Every key the status-count call understands besides plain statuses: the tabs and the groups. */
export const STATUS_COUNT_KEYS: readonly string[] = [
  ...STATUS_TABS.map((tab) => tab.key),
  ...PENDING_GROUP_KEYS.map(pendingCountKey),
];

/**
 * The statuses a count key stands for: a pending group (`pending.<group>`), a tab key, or a plain
 * status counted alone. Undefined for anything else.
 */
export function statusesForCountKey(key: string): readonly FlightOrderStatus[] | undefined {
  if (key.startsWith(PENDING_KEY_PREFIX)) {
    const name = key.slice(PENDING_KEY_PREFIX.length);
    return PENDING_GROUPS.find((entry) => entry.key === name)?.statuses;
  }
  const tab = STATUS_TABS.find((entry) => entry.key === key);
  if (tab) return tab.statuses;
  return isFlightOrderStatus(key) ? [key] : undefined;
}
