/**
 * The suppliers of one kind (flight, rail) that an app talks to, by name, with fault knobs for
 * tests: a supplier that carries a `faults` object (the simulated ones) can be told to time out,
 * fail or refuse; the others ignore it.
 */
export interface SupplierRegistry<S, F extends object> {
  list(): S[];
  /** The supplier of that name (an order's supplier), if configured. */
  get(name: string): S | undefined;
  /** Sets a supplier's fault knobs; false when no such tunable supplier. */
  setFaults(name: string, faults: Partial<F>): boolean;
  clearFaults(): void;
}

/** A registry over these suppliers, keyed by their names. */
export function createSupplierRegistry<S extends { readonly name: string }, F extends object>(
  suppliers: readonly S[],
): SupplierRegistry<S, F> {
  const byName = new Map(suppliers.map((s) => [s.name, s]));
  const isTunable = (s: S): s is S & { faults: Partial<F> } =>
    'faults' in s && typeof s.faults === 'object' && s.faults !== null;
  return {
    list: () => [...byName.values()],
    get: (name) => byName.get(name),
    setFaults(name, faults) {
      const supplier = byName.get(name);
      if (!supplier || !isTunable(supplier)) return false;
      supplier.faults = { ...faults };
      return true;
    },
    clearFaults() {
      for (const s of byName.values()) if (isTunable(s)) s.faults = {};
    },
  };
}
