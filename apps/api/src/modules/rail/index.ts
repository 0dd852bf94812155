/** What the rail module offers the other modules; nothing else of it may be imported. */
export { createRailRegistry } from './rail-supplier';
export type {
  RailBookAnswer,
  RailBookRequest,
  RailQuery,
  RailRefundAnswer,
  RailSeatOffer,
  RailSupplier,
  RailSupplierFaults,
  RailSupplierRegistry,
  RailTicket,
  RailTicketAnswer,
  RailTrain,
  TunableRailSupplier,
} from './rail-supplier';
export { presentTrain } from './rail.presenter';
export { searchTrains, stationsOfCity } from './search-trains';
