import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import type { SupplierRegistry } from './suppliers/registry';

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
});

/**
 * Test-only routes (registered only with ENABLE_TEST_HOOKS=true): set or clear the simulated
 * suppliers' fault knobs, e.g. for the end-to-end price-change dialog. Public: no session needed.
 */
export async function testHookRoutes(app: FastifyInstance, { registry }: { registry: SupplierRegistry }) {
  app.post('/__test/suppliers/:name/faults', { config: { public: true } }, async (request) => {
    const { name } = parse(z.object({ name: z.string().min(1).max(40) }), request.params);
    const faults = parse(Faults, request.body ?? {});
    if (!registry.setFaults(name, faults)) throw new AppError('NOT_FOUND');
    return ok({ name, faults });
  });
  app.delete('/__test/suppliers/faults', { config: { public: true } }, async () => {
    registry.clearFaults();
    return ok({});
  });
}
