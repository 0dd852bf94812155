/** What the flight-orders module offers the other modules; nothing else of it may be imported. */
export { ticketClaims } from './after-sales/after-sales.schema';
export { claimTickets, releaseClaims, ticketShares } from './after-sales/claims';
export { scanSoon } from './after-sales/disruption-jobs';
export { disruptionTestHookRoutes } from './after-sales/disruptions.routes';
export { REFUND_REVIEW_DELAY_MS } from './after-sales/refund';
export { serviceFeeFor } from './after-sales/service-fees';
export type { FlightOrderDeps } from './flight-orders.context';
export { orderScopeSql } from './flight-orders.policy';
export { flightOrders } from './flight-orders.schema';
export type { FlightOrderRow } from './flight-orders.schema';
export { findOrder } from './flight-orders.repo';
export { ancillariesOf } from './order-ancillaries';
