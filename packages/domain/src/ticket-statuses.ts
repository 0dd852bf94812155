/**
 * The ticket statuses of booking records, without zod: the booking records page's filters and
 * table read them, and `booking-records.ts` (which re-exports them) holds the schemas.
 */
export const TICKET_STATUSES = ['issued', 'changed', 'refunded', 'voided'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** i18n key of a ticket status label (`voyage.ticketStatus.refunded`). */
export function ticketStatusKey(status: TicketStatus): string {
  return `voyage.ticketStatus.${status}`;
}
