/*
 * The simulated parties of the demo and the tests, wired by the composition root (`app.ts`) only
 * when the configuration asks for them: the flight suppliers with their after-sales desk, the
 * rail supplier and the group desk (SIMULATED_SUPPLIERS), the payment providers of every outside
 * channel with their checkout and scan pages (SIMULATED_PAYMENTS), and the test-only routes that turn their knobs (ENABLE_TEST_HOOKS).
 * Production modules define the ports (`FlightSupplier`, ...) and never import this folder.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../platform/config';
import type { Db } from '../platform/db';
import { disruptionTestHookRoutes } from '../modules/flight-orders/index';
import type { FlightOrderDeps } from '../modules/flight-orders/index';
import { createGroupDeskRegistry, type GroupDeskRegistry } from '../modules/group-orders/index';
import { createGatewayRegistry, type PaymentGateways, type PaymentProvider } from '../modules/payments/index';
import { createRailRegistry, type RailSupplierRegistry } from '../modules/rail/index';
import { createRegistry, type FlightSupplier, type SupplierRegistry } from '../modules/shopping/index';
import { deskTestHookRoutes } from './flight/desk';
import { sharedOfferWorker } from './flight/offer-worker';
import { createSimulatedRegistry } from './flight/registry';
import { buildScheduleEvent } from './flight/schedule-events';
import { testHookRoutes } from './flight/test-hooks.routes';
import { groupDeskTestHookRoutes, SimulatedGroupDesk } from './group-desk';
import { simulatedCheckoutRoutes } from './payments/sim-checkout.routes';
import { createSimulatedGateways, isSimulatedGateway } from './payments/simulated-gateway';
import { createSimRail } from './rail/sim-rail';
import { railTestHookRoutes } from './rail/test-hooks.routes';

/**
 * The flight suppliers as configured: the three simulated ones with SIMULATED_SUPPLIERS, beside
 * the real ones the adapters configured (`others`), else only those.
 */
export async function configuredFlightSuppliers(
  config: AppConfig,
  others: readonly FlightSupplier[] = [],
): Promise<SupplierRegistry> {
  if (!config.simulatedSuppliers) return createRegistry([...others]);
  const registry = createSimulatedRegistry({
    latencyScale: config.supplierLatencyScale,
    seed: config.supplierSeed,
  });
  // The simulated suppliers compute their offers on a worker thread: loaded before the first
  // search, and a build without its module fails here rather than in every search.
  await sharedOfferWorker().warm();
  return others.length === 0 ? registry : createRegistry([...registry.list(), ...others]);
}

/** The rail suppliers as configured: the simulated one with SIMULATED_SUPPLIERS (the demo), else none. */
export function configuredRailSuppliers(config: AppConfig): RailSupplierRegistry {
  return createRailRegistry(
    config.simulatedSuppliers
      ? [createSimRail({ latencyScale: config.supplierLatencyScale, seed: config.supplierSeed })]
      : [],
  );
}

/** The group desks as configured: the simulated one with SIMULATED_SUPPLIERS, else none. */
export function configuredGroupDesks(config: AppConfig): {
  registry: GroupDeskRegistry;
  /** The simulated desk, whose knobs the test hooks set. */
  simulated: SimulatedGroupDesk | undefined;
} {
  const simulated = config.simulatedSuppliers ? new SimulatedGroupDesk() : undefined;
  return { registry: createGroupDeskRegistry(simulated ? [simulated] : []), simulated };
}

/**
 * The outside payment providers as configured: the simulated ones with SIMULATED_PAYMENTS, and the
 * real ones given (`adapters/wire.ts`), which take their channel from the simulated provider.
 */
export function configuredPaymentGateways(
  config: AppConfig,
  real: readonly PaymentProvider[] = [],
): PaymentGateways {
  const taken = new Set(real.map((p) => p.channel));
  const simulated = config.simulatedPayments
    ? createSimulatedGateways(config.paymentGatewaySecret)
        .list()
        .filter((p) => !taken.has(p.channel))
    : [];
  return createGatewayRegistry([...simulated, ...real]);
}

/**
 * The simulated providers' hosted checkout and scan pages, when a simulated provider serves some
 * channel (configured, or given by a test).
 */
export async function registerSimulatedCheckout(
  app: FastifyInstance,
  options: { db: Db; gateways: PaymentGateways; now: () => Date },
): Promise<void> {
  if (options.gateways.list().some(isSimulatedGateway)) await app.register(simulatedCheckoutRoutes, options);
}

/** What the test-only routes turn: the app's flight suppliers and what the flight orders use. */
export interface TestHookTargets {
  registry: SupplierRegistry;
  orderDeps: FlightOrderDeps;
  rail: RailSupplierRegistry;
  groupDesk: SimulatedGroupDesk | undefined;
}

/**
 * With ENABLE_TEST_HOOKS only: the public `/__test/...` routes that set the simulated parties'
 * fault knobs and raise schedule events. Never in production.
 */
export async function registerTestHooks(app: FastifyInstance, targets: TestHookTargets): Promise<void> {
  const { registry, orderDeps, rail, groupDesk } = targets;
  await app.register(railTestHookRoutes, { registry: rail });
  await app.register(testHookRoutes, { registry });
  await app.register(deskTestHookRoutes, { registry });
  await app.register(disruptionTestHookRoutes, { deps: orderDeps, buildEvent: buildScheduleEvent });
  if (groupDesk) await app.register(groupDeskTestHookRoutes, { desk: groupDesk });
}
