import type { SolutionsDelta, SolutionsResult } from './shopping';

// Type imports only: the search page merges polls without loading the zod schemas.

/**
 * Applies a poll's answer to what the client holds: replaces on `reset`, otherwise drops the
 * removed ids, updates changed families in place and appends new solutions (one copy per id).
 */
export function mergeSolutionsDelta(
  held: SolutionsResult | null | undefined,
  delta: SolutionsDelta,
): SolutionsResult {
  const { reset, removed, families, cursor: _cursor, ...rest } = delta;
  if (reset || !held) return rest;
  const gone = new Set(removed);
  const incoming = new Map(delta.solutions.map((s) => [s.id, s]));
  const relinked = new Map(families.map((f) => [f.id, f.families]));
  const kept = held.solutions
    .filter((s) => !gone.has(s.id))
    .map((s) => {
      const replaced = incoming.get(s.id) ?? s;
      const links = relinked.get(s.id);
      return links ? { ...replaced, families: links } : replaced;
    });
  const known = new Set(kept.map((s) => s.id));
  const added = delta.solutions.filter((s) => !known.has(s.id));
  return { ...rest, solutions: [...kept, ...added] };
}
