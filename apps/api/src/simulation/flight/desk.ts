import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { okResponse } from '../../platform/schema';
import type { SupplierRegistry } from '../../modules/shopping/index';
import {
  requestRuleFee,
  SupplierRefusal,
  type ChangeQuoteAnswer,
  type ChangeRequestToSupplier,
  type FlightSupplier,
  type RefundQuoteAnswer,
  type RefundRequestToSupplier,
  type VoidAnswer,
  type VoidRequestToSupplier,
} from '../../modules/shopping/index';

/**
 * The knobs of the simulated after-sales desk, set by tests and the test-only route
 * `POST /__test/after-sales/desk`. `change` is the change desk's (filled by the change flow).
 */
export const DeskKnobs = z.strictObject({
  refund: z
    .strictObject({
      decision: z.enum(['approve', 'reject']).optional(),
      /** The supplier's refund fee as a percent of what was paid (voluntary reasons only). */
      feePercent: z.number().int().min(0).max(100).optional(),
      /**
       * The desk's answer to an involuntary reason the supplier recorded no disruption for, after
       * reading its documents: accepted, no fee (the default); refused, a voluntary refund's fee.
       */
      claim: z.enum(['accept', 'refuse']).optional(),
      /** The refund itself fails at the supplier (refund_failed, claims released). */
      fail: z.boolean().optional(),
    })
    .optional(),
  void: z
    .strictObject({
      decision: z.enum(['approve', 'reject']).optional(),
      /** The void call fails at the supplier (void_failed, claims released). */
      fail: z.boolean().optional(),
    })
    .optional(),
  change: z
    .strictObject({
      decision: z.enum(['approve', 'reject']).optional(),
      /** The supplier's change fee per passenger (minor units of the offer currency) instead of the fare rule's. */
      changeFee: z.number().int().min(0).max(100_000_000).optional(),
      /** The fare moves by this much per passenger (minor units of the offer currency, may be negative). */
      fareMove: z.number().int().min(-100_000_000).max(100_000_000).optional(),
      /** The reissue fails (change_failed, money back) or stays pending at the airline (change_holding). */
      reissue: z.enum(['ok', 'fail', 'pending']).optional(),
    })
    .optional(),
});
export type DeskKnobs = z.infer<typeof DeskKnobs>;

/** The words of the desk's refusal when the fare's terms forbid the request. */
const REFUSALS = {
  change: {
    notAllowed: 'The fare rules do not allow changes',
    deadlinePassed: 'The fare rules close changes before departure',
  },
  refund: {
    notAllowed: 'The fare rules do not allow a refund',
    deadlinePassed: 'The fare rules close refunds before departure',
  },
} as const;

/**
 * The simulated suppliers' after-sales desk: it honours the terms each fare was published with
 * (`rules.terms`), unless a knob says otherwise. Refunds: 0 for involuntary reasons resting on
 * the supplier's own disruption and for an involuntary claim with documents the desk accepts (the
 * `claim` knob, accepted by default); else the knob's percent of what was paid, else the terms'
 * fee of the time the refund was asked (the API computes it with the same function), or a
 * rejection when the terms forbid it then. Voids are approved.
 */
export class SimulatedDesk {
  knobs: DeskKnobs = {};

  quoteRefund(request: RefundRequestToSupplier): RefundQuoteAnswer {
    const knobs = this.knobs.refund ?? {};
    if (knobs.decision === 'reject') {
      return { status: 'rejected', reason: 'The airline refused the refund' };
    }
    if (request.involuntary) return { status: 'approved', refundFeeMinor: 0 };
    if (request.involuntaryClaim && (knobs.claim ?? 'accept') === 'accept') {
      return { status: 'approved', refundFeeMinor: 0 };
    }
    if (knobs.feePercent !== undefined) {
      return { status: 'approved', refundFeeMinor: Math.ceil((request.paidMinor * knobs.feePercent) / 100) };
    }
    const fee = requestRuleFee(request, 'refund');
    if (!fee.allowed) return { status: 'rejected', reason: REFUSALS.refund[fee.reason] };
    return { status: 'approved' };
  }

  refund(): void {
    if (this.knobs.refund?.fail) throw new SupplierRefusal('simulated refund failure');
  }

  /**
   * A change: rejected by the knob, or when the fare's terms forbid it at the time asked and the
   * airline did not cause it; else approved with the knob's fee (none when involuntary), else the
   * terms' fee quoted at the request, and the knob's fare movement (none by default).
   */
  quoteChange(request: ChangeRequestToSupplier): ChangeQuoteAnswer {
    const knobs = this.knobs.change ?? {};
    if (knobs.decision === 'reject') return { status: 'rejected', reason: 'The airline refused the change' };
    const fareMove = knobs.fareMove ?? 0;
    if (request.involuntary) return { status: 'approved', changeFee: 0, fareMove };
    const fee = requestRuleFee(request, 'change');
    if (!fee.allowed) return { status: 'rejected', reason: REFUSALS.change[fee.reason] };
    return knobs.changeFee === undefined
      ? { status: 'approved', fareMove }
      : { status: 'approved', changeFee: knobs.changeFee, fareMove };
  }

  /** Whether a reissue goes through now or is held by the airline; throws when the knob says it fails. */
  reissue(): 'ok' | 'pending' {
    const outcome = this.knobs.change?.reissue ?? 'ok';
    if (outcome === 'fail') throw new SupplierRefusal('simulated reissue failure');
    return outcome;
  }

  void(_request: VoidRequestToSupplier): VoidAnswer {
    const knobs = this.knobs.void ?? {};
    if (knobs.fail) throw new SupplierRefusal('simulated void failure');
    if (knobs.decision === 'reject') {
      return { status: 'rejected', reason: 'The airline refused the void' };
    }
    return { status: 'voided' };
  }
}

function desksOf(registry: SupplierRegistry): SimulatedDesk[] {
  return registry
    .list()
    .map((s: FlightSupplier & { desk?: unknown }) => s.desk)
    .filter((d): d is SimulatedDesk => d instanceof SimulatedDesk);
}

/** Sets the knobs of every simulated supplier's desk (an empty object clears them). */
export function setDeskKnobs(registry: SupplierRegistry, knobs: DeskKnobs): void {
  for (const desk of desksOf(registry)) desk.knobs = structuredClone(knobs);
}

const tags = ['test-hooks'];

/**
 * Test-only routes (registered only with ENABLE_TEST_HOOKS=true): set or clear the simulated
 * after-sales desk's knobs. Public: no session needed.
 */
export async function deskTestHookRoutes(
  fastify: FastifyInstance,
  { registry }: { registry: SupplierRegistry },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/__test/after-sales/desk',
    { config: { access: 'public' }, schema: { tags, body: DeskKnobs, response: okResponse(DeskKnobs) } },
    async (request) => {
      setDeskKnobs(registry, request.body);
      return ok(request.body);
    },
  );
  app.delete(
    '/__test/after-sales/desk',
    { config: { access: 'public' }, schema: { tags, response: okResponse(z.object({})) } },
    async () => {
      setDeskKnobs(registry, {});
      return ok({});
    },
  );
}
