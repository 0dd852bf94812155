import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The 1, 5 and 15-minute load averages, as the benches print them beside their figures. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/**
 * CPU time used so far by this machine's PostgreSQL backends connected to `database`, or by every
 * PostgreSQL process when no database is named (processes
 * named `postgres` whose title names it: `postgres: [cluster: ]<user> <database> <client> …`), in milliseconds, read from
 * `/proc/<pid>/stat`. Undefined where there is no `/proc` (not Linux). A bench whose server is on
 * 127.0.0.1 takes it before and after a run to give the database's CPU per unit of work beside the
 * API's own (`process.cpuUsage`): on a machine the two share, their sum per unit bounds the rate.
 * Other databases' backends (other work on the machine), autovacuum workers (which run when the
 * server decides, so that two runs of one code would differ) and the server's background processes
 * (WAL writer, checkpointer) are not counted; backends that exit during the run take their time
 * with them, so the pool is kept open across it.
 */
export function postgresCpuMs(database?: string): number | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended between the listing and the read
    }
    // `pid (comm) state ppid …`: comm may hold spaces, so split after its closing parenthesis.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== 'postgres') continue;
    const title = titleOf(pid).split(' ');
    if (database !== undefined && !title.includes(database)) continue;
    if (title.includes('autovacuum')) continue; // the server's own timing, not the requests'
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the comm.
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / clockTicksPerSecond();
}

let ticksPerSecond: number | undefined;
function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** A process's title (`postgres: 15/main: portal_test portal_bench 127.0.0.1(5432) idle`), or ''. */
function titleOf(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
