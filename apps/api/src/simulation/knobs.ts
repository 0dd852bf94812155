import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../platform/envelope';
import { AppError } from '../platform/errors';
import { okResponse } from '../platform/schema';

/** Waits `ms` like a remote party's latency; rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never resolves; rejects with the signal's reason once it aborts (the timeout knob). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * The test-only route `POST <path>` (`path` ends in `/:name/faults`) that sets a simulated
 * supplier's fault knobs, or clears them without a body. 404 for a supplier the registry lacks.
 */
export function faultKnobRoute<F extends z.ZodType>(
  fastify: FastifyInstance,
  path: string,
  faults: F,
  setFaults: (name: string, faults: z.infer<F>) => boolean,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['test-hooks'],
        params: z.strictObject({ name: z.string().min(1).max(40) }),
        body: faults.nullish(),
        response: okResponse(z.object({ name: z.string(), faults })),
      },
    },
    async (request) => {
      const { name } = request.params;
      const given = faults.parse(request.body ?? {});
      if (!setFaults(name, given)) throw new AppError('NOT_FOUND');
      return ok({ name, faults: given });
    },
  );
}
