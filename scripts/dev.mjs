// `npm run dev`: the API with reload (tsx watch) on PORT (default 8080) in demo mode (PORTAL_DEMO,
// unless set otherwise) and Vite with hot reload, which proxies API calls to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiEnv = { ...process.env, PORTAL_DEMO: process.env.PORTAL_DEMO ?? 'true' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: { ...process.env } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
