import type { MessageTree } from './message-tree';

/**
 * How each locale file is cut for download. The three locale files stay whole (the one place to
 * translate); the build serves each of them as parts (`locale-parts-plugin.ts`): the core, loaded
 * at start, and one part per product area, loaded with that area's route pages
 * (`app/route-pages.ts`). A key belongs to the part with the longest prefix that names it; a key
 * that no prefix names is in the core, so a new key is never missing from a page, only loaded
 * earlier than it needs to be. `route-locale-parts.test.ts` checks that every key a page's modules
 * can name is in the core or in a part the page loads.
 */
export const LOCALE_PARTS = {
  legal: ['legal'],
  /** The home page's marketing sections and contact form, loaded after the login card has painted. */
  marketing: ['home.marketing', 'home.contact'],
  account: ['profile', 'favourites'],
  admin: ['usersPage', 'userLog', 'companyPage'],
  flight: ['flight', 'order', 'agencySettings.chain'],
  booking: ['booking'],
  orders: ['orders', 'afterSales', 'voyage', 'disruptions', 'payment'],
  bills: ['bills'],
  agency: ['agencyManager', 'agencySettings', 'agencyMoney'],
  group: ['groupOrders', 'groupPassengers'],
  train: ['trainBooking', 'trainOrders'],
  // The platform back office: each area adds its own section here.
  platform: ['platform', 'platformApplications', 'platformAgencies', 'platformFunding', 'platformRates'],
} as const satisfies Record<string, readonly string[]>;

/** A part of the locale files loaded on demand. */
export type LocalePart = keyof typeof LOCALE_PARTS;

/** Every part besides the core, or `core`. */
export type LocalePartOrCore = LocalePart | 'core';

/**
 * Prefixes inside a part's sections kept in the core: the app shell's menus show them, or domain
 * modules that most pages import name them (order statuses, payment channels).
 */
export const CORE_PREFIXES: readonly string[] = [
  'orders.pending',
  'orders.tab',
  'orders.status',
  'payment.channel',
  'afterSales.refundReason',
  'afterSales.changeReason',
];

export const PART_NAMES = Object.keys(LOCALE_PARTS) as LocalePart[];

const PREFIXES: [prefix: string, part: LocalePartOrCore][] = [
  ...PART_NAMES.flatMap((part) => LOCALE_PARTS[part].map((prefix) => [prefix, part] as [string, LocalePart])),
  ...CORE_PREFIXES.map((prefix) => [prefix, 'core'] as [string, LocalePartOrCore]),
];

/** The part a dotted key is downloaded with. */
export function partOfKey(key: string): LocalePartOrCore {
  let best: [string, LocalePartOrCore] = ['', 'core'];
  for (const entry of PREFIXES) {
    const [prefix] = entry;
    if ((key === prefix || key.startsWith(`${prefix}.`)) && prefix.length > best[0].length) best = entry;
  }
  return best[1];
}

/** The leaves of `tree` that belong to `part`, in the same nesting. */
export function pickPart(tree: MessageTree, part: LocalePartOrCore, prefix = ''): MessageTree {
  const out: MessageTree = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') {
      if (partOfKey(key) === part) out[name] = value;
    } else {
      const picked = pickPart(value, part, key);
      if (Object.keys(picked).length > 0) out[name] = picked;
    }
  }
  return out;
}
