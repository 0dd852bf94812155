import { createRegistry, type SupplierRegistry } from '../../modules/shopping/index';
import { createSimGds } from './sim-gds';
import { createSimLcc } from './sim-lcc';
import { createSimNdc } from './sim-ndc';
import type { SimOptions } from './simulated-supplier';

/** The embedded default of the demo: the three simulated suppliers. */
export function createSimulatedRegistry(options: SimOptions): SupplierRegistry {
  return createRegistry([createSimGds(options), createSimNdc(options), createSimLcc(options)]);
}
