import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the API's own modules, wherever the API runs. From the esbuild
 * bundle the module is an entry of its own next to `server.js` (`scripts/build.mjs` names it
 * `bundled`). From the TypeScript sources (tsx, Vitest) it is loaded through tsx by
 * `ts-worker.mjs`: Node 20 does not apply `--import tsx` to a worker's own module, not even
 * when given in the worker's `execArgv`.
 *
 * `caller` is the calling module's `import.meta.url` and `source` the module's path from there.
 * The worker gets no `workerData` of the caller's (the TypeScript path uses it).
 */
export function startWorker(
  caller: string,
  source: string,
  bundled: string,
  options: Omit<WorkerOptions, 'workerData' | 'eval'> = {},
): Worker {
  if (!new URL(caller).pathname.endsWith('.ts'))
    return new Worker(new URL(`./${bundled}.js`, caller), options);
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    ...options,
    workerData: { entry: new URL(source, caller).href },
  });
}
