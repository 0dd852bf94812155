import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { okResponse } from '../../platform/schema';
import type { RailSupplierRegistry } from '../../modules/rail/index';

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/__test/rail-suppliers/:name/faults',
    {
      config: { access: 'public' },
      schema: {
        tags: ['test-hooks'],
        params: z.strictObject({ name: z.string().min(1).max(40) }),
        // No body clears the supplier's faults.
        body: Faults.nullish(),
        response: okResponse(z.object({ name: z.string(), faults: Faults })),
      },
    },
    async (request) => {
      const { name } = request.params;
      const faults = request.body ?? {};
      if (!registry.setFaults(name, faults)) throw new AppError('NOT_FOUND');
      return ok({ name, faults });
    },
  );
}
