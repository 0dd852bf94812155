import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { okResponse } from '../../platform/schema';
import type { SupplierRegistry } from '../../modules/shopping/index';
import { UNANSWERED_CALLS } from '../../modules/shopping/index';
import { faultKnobRoute } from '../knobs';

const Faults = z.strictObject({
  timeout: z.boolean().optional(),
  error: z.boolean().optional(),
  priceChange: z.number().min(-90).max(500).optional(),
  soldOut: z.boolean().optional(),
  restrictionChange: z.boolean().optional(),
  packageChange: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  bookError: z.boolean().optional(),
  ticketError: z.boolean().optional(),
  unanswered: z.array(z.enum(UNANSWERED_CALLS)).max(UNANSWERED_CALLS.length).optional(),
});

const tags = ['test-hooks'];

/**
 * Test-only routes (registered only with ENABLE_TEST_HOOKS=true): set or clear the simulated
 * suppliers' fault knobs, e.g. for the end-to-end price-change dialog. Public: no session needed.
 */
export async function testHookRoutes(fastify: FastifyInstance, { registry }: { registry: SupplierRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  faultKnobRoute(fastify, '/__test/suppliers/:name/faults', Faults, (name, faults) =>
    registry.setFaults(name, faults),
  );
  app.delete(
    '/__test/suppliers/faults',
    { config: { access: 'public' }, schema: { tags, response: okResponse(z.object({})) } },
    async () => {
      registry.clearFaults();
      return ok({});
    },
  );
}
