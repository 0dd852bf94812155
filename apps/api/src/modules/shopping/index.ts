/** What the shopping module offers the other modules; nothing else of it may be imported. */
export { chainLevelsFor, loadAgencyPricing } from './agency-pricing';
export { checkShoppingJourneys, searchToday } from './journey-check';
export { lookToBookOf, recordBooking } from './look-to-book';
export { orderMarkupLegs } from './order-markups';
export { solutionWritten } from './pending-solutions';
export { SearchRunner } from './search-runner';
export { newId, quoteExpiry } from './shopping.context';
export type { ShoppingDeps } from './shopping.context';
export { findSearch, findSolution, insertSearch } from './shopping.repo';
export { lookToBook, searches, solutions } from './shopping.schema';
export type { SearchRow, SolutionRow } from './shopping.schema';
export { presentSegment } from './solution.presenter';
export { askSuppliers } from './start-search';
export { createRegistry } from './suppliers/registry';
export type { SupplierRegistry } from './suppliers/registry';
export { offerRuleFee, offerTerms, requestRuleFee } from './suppliers/offer-terms';
export type { OfferFee } from './suppliers/offer-terms';
export { SupplierRefusal, UNANSWERED_CALLS } from './suppliers/supplier';
export type {
  AddAncillariesAnswer,
  AddAncillariesRequest,
  AncillarySelection,
  ConfirmedAncillaries,
  SeatFeature,
  SupplierBagService,
  SupplierSeat,
  SupplierSeatMap,
  SupplierSeatRow,
} from './suppliers/ancillaries';
export type {
  BookAnswer,
  ChangeQuoteAnswer,
  ChangeRequestToSupplier,
  ExactFlight,
  FlightSupplier,
  Offer,
  OfferBaggage,
  OfferLeg,
  OfferPenalty,
  OfferRules,
  OfferSegment,
  PassengerAmounts,
  RefundQuoteAnswer,
  RefundRequestToSupplier,
  ReissueAnswer,
  ScheduleEvent,
  SupplierFaults,
  SupplierPassenger,
  SupplierQuery,
  SupplierQuoteRef,
  TicketAnswer,
  UnansweredCall,
  VerifyAnswer,
  VoidAnswer,
  VoidRequestToSupplier,
} from './suppliers/supplier';
export { verifySolution } from './verify-solution';
export { ancillaryPricing, loadAncillaryOffer, presentAncillaries } from './solution-ancillaries';
export type { AncillaryOffer } from './solution-ancillaries';
