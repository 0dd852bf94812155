// The entry of a worker thread whose module is TypeScript (dev, tests, bench): see worker-thread.ts.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
