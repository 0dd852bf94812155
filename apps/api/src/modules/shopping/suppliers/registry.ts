import { createSimGds } from './sim-gds';
import { createSimLcc } from './sim-lcc';
import { createSimNdc } from './sim-ndc';
import type { SimOptions } from './sim/simulated-supplier';
import {
  createSupplierRegistry,
  type SupplierRegistry as GenericSupplierRegistry,
} from '../../../platform/supplier-registry';
import type { FlightSupplier, SupplierFaults } from './supplier';

/** The flight suppliers of one app, with fault knobs for tests (settable on the simulated ones). */
export type SupplierRegistry = GenericSupplierRegistry<FlightSupplier, SupplierFaults>;

/** A registry over these flight suppliers. */
export function createRegistry(suppliers: FlightSupplier[]): SupplierRegistry {
  return createSupplierRegistry<FlightSupplier, SupplierFaults>(suppliers);
}

/** The embedded default: the three simulated suppliers. */
export function createSimulatedRegistry(options: SimOptions): SupplierRegistry {
  return createRegistry([createSimGds(options), createSimNdc(options), createSimLcc(options)]);
}
