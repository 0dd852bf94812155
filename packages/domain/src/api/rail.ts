import { TrainSearchRequest, TrainSearchResult } from '../rail';
import { defineRoute } from './contract';

export const searchTrains = defineRoute({
  method: 'POST',
  path: '/shopping/v2/train/search',
  operationId: 'searchTrains',
  summary: 'Search trains',
  description:
    "Every train of a day between two stations' cities, with seat classes, seats left and prices, as the " +
    'rail suppliers answer now. For operators of agencies with the train service; both stations must be ' +
    'known to the station table.',
  tags: ['rail'],
  body: TrainSearchRequest,
  response: TrainSearchResult,
});
