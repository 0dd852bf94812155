import { describe, expect, it } from 'vitest';
import type { Solution } from '@portal/domain/shopping';
import { makeSolution, solutionsResult } from '../../../test/flight-fixtures';
import { applyPoll, type HeldSolutions } from './get-solutions';

const a = makeSolution({ id: 'a', total: '900.00' });
const b = makeSolution({ id: 'b', carrier: 'MU' });
const c = makeSolution({ id: 'c', total: '700.00' });
const ids = (held: HeldSolutions) => held.solutions.map((s) => s.id);
const delta = (
  solutions: Solution[],
  cursor: string,
  more: {
    removed?: string[];
    families?: { id: string; families: Solution['families'] }[];
    finished?: boolean;
  } = {},
) => ({
  ...solutionsResult(solutions, more.finished ?? false),
  reset: false,
  removed: more.removed ?? [],
  families: more.families ?? [],
  cursor,
});

describe('merging search polls', () => {
  it('takes a whole list as it is and keeps its cursor', () => {
    const held = applyPoll(null, { ...delta([a], '10'), reset: true });
    expect(ids(held)).toEqual(['a']);
    expect(held).toMatchObject({ cursor: '10', quiet: false, finished: false });
  });

  it('appends new solutions, drops removed ones and updates changed families in place, without duplicates', () => {
    const first = applyPoll(null, { ...delta([a, b], '100'), reset: true });
    const flex = [{ solutionId: 'c', fareFamily: 'Flex', total: c.priceDetail.total }];
    const changed = { removed: ['a'], families: [{ id: 'b', families: flex }] };
    const held = applyPoll(first, delta([c], '110', changed));
    expect(ids(held)).toEqual(['b', 'c']);
    expect(held.solutions[0]).toEqual({ ...b, families: flex });
    expect(held).toMatchObject({ cursor: '110', quiet: false });
    // The same answer again (a retried poll) changes nothing and adds no copies.
    expect(applyPoll(held, delta([c], '110', changed)).solutions).toEqual(held.solutions);
  });

  it('replaces what it holds on reset (the server could not read the cursor)', () => {
    const held = applyPoll(null, { ...delta([a, b], '100'), reset: true });
    expect(ids(applyPoll(held, { ...delta([c], '111', { finished: true }), reset: true }))).toEqual(['c']);
  });

  it('takes progress and the finished state from the latest answer', () => {
    const held = applyPoll(null, { ...delta([a], '10'), reset: true });
    const done = applyPoll(held, delta([], '11', { finished: true }));
    expect(done.finished).toBe(true);
    expect(done.suppliers.map((s) => s.status)).toEqual(['done', 'done']);
    expect(ids(done)).toEqual(['a']);
  });

  it('is quiet (pauses before the next poll) after nothing new, or from a server without cursors', () => {
    const held = applyPoll(null, { ...delta([a], '10'), reset: true });
    expect(applyPoll(held, delta([], '10')).quiet).toBe(true);
    expect(applyPoll(held, delta([b], '11')).quiet).toBe(false);
    const plain = applyPoll(held, solutionsResult([a, b], false));
    expect(plain).toMatchObject({ quiet: true, cursor: undefined });
    expect(ids(plain)).toEqual(['a', 'b']);
  });
});
