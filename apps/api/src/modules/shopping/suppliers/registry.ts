import { createSimGds } from './sim-gds';
import { createSimLcc } from './sim-lcc';
import { createSimNdc } from './sim-ndc';
import type { SimOptions } from './sim/simulated-supplier';
import type { FlightSupplier, SupplierFaults } from './supplier';

/** The suppliers of one app, with fault knobs for tests (settable on the simulated ones). */
export interface SupplierRegistry {
  list(): FlightSupplier[];
  get(name: string): FlightSupplier | undefined;
  /** Sets a supplier's fault knobs; false when no such tunable supplier. */
  setFaults(name: string, faults: SupplierFaults): boolean;
  clearFaults(): void;
}

function isTunable(s: FlightSupplier): s is FlightSupplier & { faults: SupplierFaults } {
  return 'faults' in s && typeof s.faults === 'object' && s.faults !== null;
}

export function createRegistry(suppliers: FlightSupplier[]): SupplierRegistry {
  const byName = new Map(suppliers.map((s) => [s.name, s]));
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

/** The embedded default: the three simulated suppliers. */
export function createSimulatedRegistry(options: SimOptions): SupplierRegistry {
  return createRegistry([createSimGds(options), createSimNdc(options), createSimLcc(options)]);
}
