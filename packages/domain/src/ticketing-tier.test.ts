import { describe, expect, it } from 'vitest';
import { TICKETING_TIERS, ticketingDeadline, ticketingTier } from './ticketing-tier';

const paidAt = new Date('2026-11-22T10:00:00Z');
const departure = new Date('2026-11-25T08:00:00Z');

describe('TICKETING_TIERS (spec §9)', () => {
  it('lists the nine tiers in the spec order', () => {
    expect(TICKETING_TIERS.map((t) => t.code)).toEqual([
      'all',
      'fast-standard',
      'preference-standard',
      'normal-standard',
      'website',
      'special-standard',
      'special-48',
      'special-before-24',
      'special-before-4',
    ]);
  });

  it.each([
    ['fast-standard', '2026-11-22T10:30:00.000Z'],
    ['preference-standard', '2026-11-22T11:00:00.000Z'],
    ['normal-standard', '2026-11-22T12:00:00.000Z'],
    ['website', '2026-11-22T10:30:00.000Z'],
    ['special-standard', '2026-11-24T10:00:00.000Z'],
    ['special-48', '2026-11-24T10:00:00.000Z'],
    ['special-before-24', '2026-11-24T08:00:00.000Z'],
    ['special-before-4', '2026-11-25T04:00:00.000Z'],
  ] as const)('%s tickets by %s', (code, deadline) => {
    expect(ticketingDeadline(code, paidAt, departure)?.toISOString()).toBe(deadline);
  });

  it('gives no deadline for the all filter and knows no other codes', () => {
    expect(ticketingDeadline('all', paidAt, departure)).toBeUndefined();
    expect(ticketingTier('express')).toBeUndefined();
  });

  it('accepts a tier object as well as its code', () => {
    const tier = ticketingTier('special-before-4');
    expect(tier && ticketingDeadline(tier, paidAt, departure)?.toISOString()).toBe(
      '2026-11-25T04:00:00.000Z',
    );
  });

  it('counts after-payment tiers from payment and before-departure tiers from departure only', () => {
    const later = new Date('2026-12-01T08:00:00Z');
    expect(ticketingDeadline('fast-standard', paidAt, later)).toEqual(
      ticketingDeadline('fast-standard', paidAt, departure),
    );
    expect(ticketingDeadline('special-before-24', later, departure)).toEqual(
      ticketingDeadline('special-before-24', paidAt, departure),
    );
  });
});
