/**
 * Ticketing-speed tiers of spec §9, as data. `after-payment`: tickets are issued within `minutes`
 * of payment; `before-departure`: at the latest `minutes` before the first departure; `any`: the
 * filter value meaning every tier, with no deadline of its own.
 */
export type TicketingTierKind = 'after-payment' | 'before-departure' | 'any';

export interface TicketingTier {
  code: TicketingTierCode;
  kind: TicketingTierKind;
  minutes: number;
}

export const TICKETING_TIERS = [
  { code: 'all', kind: 'any', minutes: 0 },
  { code: 'fast-standard', kind: 'after-payment', minutes: 30 },
  { code: 'preference-standard', kind: 'after-payment', minutes: 60 },
  { code: 'normal-standard', kind: 'after-payment', minutes: 2 * 60 },
  { code: 'website', kind: 'after-payment', minutes: 30 },
  { code: 'special-standard', kind: 'after-payment', minutes: 48 * 60 },
  { code: 'special-48', kind: 'after-payment', minutes: 48 * 60 },
  { code: 'special-before-24', kind: 'before-departure', minutes: 24 * 60 },
  { code: 'special-before-4', kind: 'before-departure', minutes: 4 * 60 },
] as const satisfies readonly { code: string; kind: TicketingTierKind; minutes: number }[];

export type TicketingTierCode = (typeof TICKETING_TIERS)[number]['code'];

/** The tier with this code, or undefined for a code the spec does not name. */
export function ticketingTier(code: string): TicketingTier | undefined {
  return TICKETING_TIERS.find((tier) => tier.code === code);
}

/**
 * When tickets are due: payment time plus the tier's minutes, or first departure minus them.
 * Undefined for `all`, which is a filter and promises nothing.
 */
export function ticketingDeadline(
  tier: TicketingTier | TicketingTierCode,
  paidAt: Date,
  firstDeparture: Date,
): Date | undefined {
  const found = typeof tier === 'string' ? ticketingTier(tier) : tier;
  if (!found || found.kind === 'any') return undefined;
  const ms = found.minutes * 60_000;
  return found.kind === 'after-payment'
    ? new Date(paidAt.getTime() + ms)
    : new Date(firstDeparture.getTime() - ms);
}
