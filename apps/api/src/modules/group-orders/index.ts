/** What the group-orders module offers the other modules; nothing else of it may be imported. */
export { addBusinessDays, scaledAfter } from './business-days';
export { createGroupDeskRegistry } from './group-desk';
export type {
  DeskQuote,
  DeskQuoteAnswer,
  DeskSeatAnswer,
  GroupDesk,
  GroupDeskRegistry,
  GroupDeskRequest,
} from './group-desk';
export { groupOrders } from './group-orders.schema';
export { groupDocumentFacts } from './group-documents';
export type { GroupDocumentFacts } from './group-documents';
