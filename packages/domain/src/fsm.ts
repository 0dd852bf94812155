/**
 * A small generic finite-state machine over a transition table kept as data
 * (`{to_be_paid: {to: ['proceeding', 'canceled']}}`, style guide: state machines). Every order kind
 * declares its table once; services move orders only through `assertTransition`.
 */
export type TransitionTable<S extends string> = Record<S, { readonly to: readonly S[] }>;

/** Thrown for a move the table does not allow; carries `{from, to}` for the error envelope. */
export class IllegalTransition<S extends string = string> extends Error {
  readonly from: S;
  readonly to: S;

  constructor(from: S, to: S) {
    super(`Illegal transition from ${from} to ${to}`);
    this.name = 'IllegalTransition';
    this.from = from;
    this.to = to;
  }
}

export interface Machine<S extends string> {
  /** Every state of the table, in table order. */
  readonly states: readonly S[];
  /** True when the table lists `to` among the targets of `from`. */
  canTransition(from: S, to: S): boolean;
  /** Throws `IllegalTransition {from, to}` unless the move is allowed. */
  assertTransition(from: S, to: S): void;
  /** The states reachable in one step from `from` (empty for a final state). */
  next(from: S): readonly S[];
  /** True for a state with no way out. */
  isFinal(state: S): boolean;
}

/** Builds a machine over `table`. Unknown states (from untyped input) are treated as final. */
export function defineMachine<S extends string>(table: TransitionTable<S>): Machine<S> {
  const states = Object.keys(table) as S[];
  const targets = new Map<string, readonly S[]>(states.map((state) => [state, table[state].to]));
  const next = (from: S): readonly S[] => targets.get(from) ?? [];
  const canTransition = (from: S, to: S): boolean => next(from).includes(to);
  return {
    states,
    canTransition,
    assertTransition(from, to) {
      if (!canTransition(from, to)) throw new IllegalTransition(from, to);
    },
    next,
    isFinal: (state) => next(state).length === 0,
  };
}
