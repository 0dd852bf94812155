/** What the order detail page shows of an order's disruptions. */
export { DisruptionPanel } from './disruption-panel';
