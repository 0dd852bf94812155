import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

type Cell = { designator: string } | null;

/**
 * Roving focus over a grid of seats (nulls are gaps): one seat is tabbable, arrow keys move to the
 * next seat in their direction, Home and End to the row's first and last seat.
 */
export function useGridKeys(grid: ReadonlyArray<ReadonlyArray<Cell>>, selected: string | null) {
  const refs = useRef(new Map<string, HTMLButtonElement | null>());
  const first = (() => {
    for (let r = 0; r < grid.length; r++) {
      const row = grid[r] ?? [];
      for (let c = 0; c < row.length; c++) {
        if (row[c] && (selected === null || row[c]?.designator === selected)) return [r, c] as const;
      }
    }
    return [0, 0] as const;
  })();
  const [active, setActiveState] = useState<readonly [number, number] | null>(null);
  const current = active ?? first;

  const setActive = useCallback((r: number, c: number) => setActiveState([r, c]), []);
  const move = (dr: number, dc: number): readonly [number, number] | null => {
    let [r, c] = current;
    for (;;) {
      r += dr;
      c += dc;
      const row = grid[r];
      if (!row || c < 0 || c >= row.length) return null;
      if (row[c]) return [r, c];
    }
  };
  const edge = (end: boolean): readonly [number, number] | null => {
    const row = grid[current[0]] ?? [];
    const indexes = row.map((cell, c) => (cell ? c : -1)).filter((c) => c >= 0);
    const c = end ? indexes.at(-1) : indexes[0];
    return c === undefined ? null : [current[0], c];
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => readonly [number, number] | null> = {
      ArrowRight: () => move(0, 1),
      ArrowLeft: () => move(0, -1),
      ArrowDown: () => move(1, 0),
      ArrowUp: () => move(-1, 0),
      Home: () => edge(false),
      End: () => edge(true),
    };
    const next = moves[event.key]?.();
    if (moves[event.key]) event.preventDefault();
    if (!next) return;
    setActiveState(next);
    refs.current.get(`${next[0]}:${next[1]}`)?.focus();
  };

  return {
    onKeyDown,
    setActive,
    isActive: (r: number, c: number) => current[0] === r && current[1] === c,
    refOf: (r: number, c: number) => (el: HTMLButtonElement | null) => {
      refs.current.set(`${r}:${c}`, el);
    },
  };
}
