import { VoyageExportQuery, VoyageList, VoyageListQuery } from '../booking-records';
import { defineRoute } from './contract';

const tags = ['booking-records'];

export const listVoyages = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/voyages',
  operationId: 'listVoyages',
  summary: 'List the booking records',
  description:
    "One page of flown and booked segments per passenger of the agency's flight orders (the voyage " +
    "records), for users of the flight service; only the caller's own orders when the agency says so.",
  tags,
  query: VoyageListQuery,
  response: VoyageList,
});

export const exportVoyages = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/voyages/export',
  operationId: 'exportVoyages',
  summary: 'Export the booking records to Excel',
  description:
    "The records the filters select, newest bookings first and capped in rows, as an Excel file in the caller's language.",
  tags,
  body: VoyageExportQuery,
  response: 'file',
});
