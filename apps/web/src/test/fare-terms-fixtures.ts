import { uniformWindows } from '@portal/domain/fare-terms';
import type { FareRules } from '@portal/domain/shopping';

/** A low-cost fare's rules: CNY 300 a segment until 24 h before departure; only taxes back on a refund. */
export const LOW_COST_RULES: FareRules = {
  change: {
    allowed: true,
    fee: { amount: '300.00', currency: 'CNY' },
    note: 'Change online up to 24 h before departure, fee per segment',
  },
  refund: { allowed: false, fee: null, note: 'Non-refundable; airport taxes refunded on request' },
  noShow: { allowed: false, fee: null, note: 'No-show forfeits the fare and taxes' },
  terms: {
    currency: 'CNY',
    change: {
      per: 'segment',
      deadlineHours: 24,
      windows: uniformWindows(true, () => ({ amountMinor: 30_000 })).map((w) =>
        w.window === 'afterDeparture' ? { ...w, allowed: false, amountMinor: 0 } : w,
      ),
    },
    refund: { per: 'passenger', deadlineHours: null, keeps: 'fare', windows: uniformWindows(true) },
  },
};
