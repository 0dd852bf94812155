import { describe, expect, it } from 'vitest';
import type { Db } from './index';
import { perShape, statementName } from './rows';

describe('statements per shape and database handle', () => {
  it('builds once per shape and handle, and past the limit builds each time without keeping', () => {
    const of = perShape<{ shape: string; kept: boolean }>(2);
    const db = {} as Db;
    const other = {} as Db;
    let builds = 0;
    const build = (shape: string) => (kept: boolean) => ({ shape, kept, n: ++builds });
    const a = of(db, 'a', build('a'));
    expect(of(db, 'a', build('a'))).toBe(a);
    expect(of(other, 'a', build('a'))).not.toBe(a);
    of(db, 'b', build('b'));
    expect(of(db, 'c', build('c'))).toMatchObject({ shape: 'c', kept: false });
    expect(of(db, 'c', build('c'))).not.toBe(of(db, 'c', build('c')));
    expect(a.kept).toBe(true);
  });

  it('names a statement after its text, so one name never has two texts', () => {
    expect(statementName('k', 'select 1')).toBe(statementName('k', 'select 1'));
    expect(statementName('k', 'select 1')).not.toBe(statementName('k', 'select 2'));
    expect(statementName('k', 'select 1')).toMatch(/^k_[0-9a-f]{16}$/);
  });
});
