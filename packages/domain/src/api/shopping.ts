import { z } from 'zod';
import {
  AccurateFlightsNotFound,
  AccurateSearchRequest,
  AccurateSearchResult,
  PnrAnalysisRequest,
  PnrAnalysisResult,
  ShoppingRequest,
  ShoppingStarted,
  SolutionsDelta,
  SolutionsRequest,
  VerificationResult,
} from '../shopping';
import { SolutionAncillaries } from '../ancillaries';
import { NoBody } from './common';
import { defineRoute } from './contract';

const tags = ['shopping'];

/** `/:id` of a priced solution of a search. */
export const SolutionIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const startShopping = defineRoute({
  method: 'POST',
  path: '/shopping/v2/flight/async-shopping',
  operationId: 'startShopping',
  summary: 'Start a flight search',
  description:
    'Starts a search of the flight suppliers for a journey (one-way, return or multi-city, up to 5 legs) ' +
    "and passengers; answers the search's id at once, the solutions come through the solutions call. " +
    'Counts against the per-user and per-agency search limits.',
  tags,
  body: ShoppingRequest,
  response: ShoppingStarted,
});

export const getSolutions = defineRoute({
  method: 'POST',
  path: '/shopping/v2/flight/async-shopping/solutions',
  operationId: 'getSolutions',
  summary: "Read a search's solutions",
  description:
    'Polled while a search runs: the priced solutions added or changed since the cursor the caller ' +
    "holds, with the agency's prices, and whether the suppliers are done.",
  tags,
  body: SolutionsRequest,
  response: SolutionsDelta,
});

export const accurateSearch = defineRoute({
  method: 'POST',
  path: '/shopping/v2/flight/accurate-search',
  operationId: 'accurateSearch',
  summary: 'Price a given itinerary',
  description:
    'Asks the suppliers for the exact flights, classes and fares the caller names (an itinerary from elsewhere) and answers the priced solutions. When none is sold, a 404 (400006) names each flight and whether a supplier has it on its date by itself.',
  tags,
  body: AccurateSearchRequest,
  response: AccurateSearchResult,
  errors: { 404: AccurateFlightsNotFound },
});

export const analyzePnr = defineRoute({
  method: 'POST',
  path: '/shopping/v2/flight/analysis-pnr',
  operationId: 'analyzePnr',
  summary: 'Read a PNR text',
  description:
    "Parses a reservation system's PNR text into its passengers and segments, and prices them, so an " +
    'existing booking can be ordered in the portal. Counts against the search limits.',
  tags,
  body: PnrAnalysisRequest,
  response: PnrAnalysisResult,
});

export const verifySolution = defineRoute({
  method: 'POST',
  path: '/shopping/v2/flight/solutions/:id/verification',
  operationId: 'verifySolution',
  summary: 'Check the price of a solution before booking',
  description:
    "Asks the supplier for a solution's price and seats now; answers whether it is unchanged, or the new " +
    'solution to accept before booking.',
  tags,
  params: SolutionIdParams,
  body: NoBody,
  response: VerificationResult,
});

export const getSolutionAncillaries = defineRoute({
  method: 'GET',
  path: '/shopping/v2/flight/solutions/:id/ancillaries',
  operationId: 'getSolutionAncillaries',
  summary: "Read a solution's seat maps and bags",
  description:
    "The seat maps of the solution's segments (paid, free, exit and taken seats) and the checked bags its " +
    "supplier sells on top of the fare, priced in the agency's display currency; empty when the supplier sells none.",
  tags,
  params: SolutionIdParams,
  response: SolutionAncillaries,
});
