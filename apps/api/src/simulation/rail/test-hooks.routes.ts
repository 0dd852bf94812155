import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RailSupplierRegistry } from '../../modules/rail/index';
import { faultKnobRoute } from '../knobs';

const Faults = z.strictObject({
  timeout: z.boolean().optional(),
  error: z.boolean().optional(),
  soldOut: z.boolean().optional(),
  noTrains: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  orderError: z.boolean().optional(),
  ticketRefused: z.boolean().optional(),
  refundRefused: z.boolean().optional(),
  priceMinor: z.number().int().min(1).max(100_000_000).optional(),
});

/**
 * Test-only (registered only with ENABLE_TEST_HOOKS=true): set or clear a simulated rail
 * supplier's fault knobs. Public: no session needed.
 */
export async function railTestHookRoutes(
  fastify: FastifyInstance,
  { registry }: { registry: RailSupplierRegistry },
) {
  faultKnobRoute(fastify, '/__test/rail-suppliers/:name/faults', Faults, (name, faults) =>
    registry.setFaults(name, faults),
  );
}
