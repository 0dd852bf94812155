/**
 * The API as the shopping bench runs it, in the bench's own thread or as a second instance on a
 * worker thread of its own (`startSearchInstance`): the same environment, the same simulated
 * suppliers at fixed latencies.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { type Database, openDatabase } from '../../apps/api/src/platform/db';
import { createSimulatedRegistry } from '../../apps/api/src/simulation/flight/registry';
import { startWorker } from '../../apps/api/src/platform/worker-thread';

/** The simulated suppliers' latencies: fixed, so that each lag is measured against a known answer. */
export const LATENCIES = { 'sim-gds': 400, 'sim-ndc': 800, 'sim-lcc': 200 } as const;

/** The bench's API on `database`, configured by `env`. */
export function benchApi(database: Database, env: Record<string, string>) {
  const registry = createSimulatedRegistry({ latencyScale: 1, seed: 'bench' });
  for (const [name, latencyMs] of Object.entries(LATENCIES)) registry.setFaults(name, { latencyMs });
  return buildApp({ config: loadConfig(env), database, suppliers: registry });
}

type InstanceMessage =
  { kind: 'start'; url: string; schema: string; env: Record<string, string> } | { kind: 'close' };

/** In a search instance's thread: starts the API on the bench's schema, and closes it when asked. */
if (!isMainThread && parentPort) {
  const port = parentPort;
  let close: (() => Promise<void>) | undefined;
  port.on('message', (message: InstanceMessage) => {
    const done =
      message.kind === 'start'
        ? (async () => {
            const database = await openDatabase({
              databaseUrl: message.url,
              pgOptions: { options: `-c search_path=${message.schema}`, max: 10 },
            });
            const app = await benchApi(database, message.env);
            close = async () => {
              await app.close();
              await database.close();
            };
            return app.listen({ host: '127.0.0.1', port: 0 });
          })()
        : (close?.() ?? Promise.resolve());
    done.then(
      (result) => port.postMessage({ ok: true, result }),
      (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
    );
  });
}

/**
 * A second API instance on a worker thread of its own (its own event loop and connection pool), on
 * the same PostgreSQL schema and listening on loopback: `BENCH_SEARCH_INSTANCE=1` sends the
 * searches there, as a deployment routing `/shopping/` to instances of their own would, while the
 * other tenant's list stays on the first instance.
 */
export async function startSearchInstance(url: string, schema: string, env: Record<string, string>) {
  const worker = startWorker(import.meta.url, './bench-api.ts', 'bench-api');
  const send = (message: InstanceMessage) =>
    new Promise<unknown>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (answer: { ok: boolean; result?: unknown; error?: string }) => {
        worker.off('error', onError);
        if (answer.ok) resolve(answer.result);
        else reject(new Error(answer.error));
      });
      worker.postMessage(message);
    });
  const origin = String(await send({ kind: 'start', url, schema, env }));
  return {
    origin,
    async close() {
      await send({ kind: 'close' });
      await worker.terminate();
    },
  };
}
