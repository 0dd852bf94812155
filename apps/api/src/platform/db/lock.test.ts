import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock';

describe('acquireDataDirLock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  const file = path.join(dir, 'pglite.lock');

  it('writes our pid and removes the file on release', () => {
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses a directory held by another live process', () => {
    fs.writeFileSync(file, String(process.ppid));
    expect(() => acquireDataDirLock(file)).toThrow(/in use by process/);
    fs.rmSync(file);
  });

  it('takes over a stale lock of a dead process', () => {
    fs.writeFileSync(file, '2147483646');
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
