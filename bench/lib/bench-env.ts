import os from 'node:os';
import path from 'node:path';

/**
 * The environment every bench's API starts from: demo mode (the simulators on, secrets of its own
 * in the data dir), request limits scaled out of the way, silent, no built web app. Each bench
 * adds its own settings.
 */
export const BENCH_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORTAL_DEMO: 'true',
  REQUEST_LIMIT_SCALE: '1000',
  DATA_DIR: path.join(os.tmpdir(), 'portal-bench'),
  WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
};
