import {
  createSupplierRegistry,
  type SupplierRegistry as GenericSupplierRegistry,
} from '../../../platform/supplier-registry';
import type { FlightSupplier, SupplierFaults } from './supplier';

/** The flight suppliers of one app, with fault knobs for tests (settable on the simulated ones). */
export type SupplierRegistry = GenericSupplierRegistry<FlightSupplier, SupplierFaults>;

/**
 * A registry over these flight suppliers. The composition root (`app.ts`) chooses them: the
 * simulated flight suppliers of the simulation folder when configured, else none until a real adapter is.
 */
export function createRegistry(suppliers: FlightSupplier[]): SupplierRegistry {
  return createSupplierRegistry<FlightSupplier, SupplierFaults>(suppliers);
}
