/** What the passengers module offers the other modules; nothing else of it may be imported. */
export { alpha2OfMrzState } from './country-codes';
