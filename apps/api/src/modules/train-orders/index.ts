/** What the train-orders module offers the other modules; nothing else of it may be imported. */
export { trainOrders } from './train-orders.schema';
export { visibleTrainOrder } from './train-orders.service';
export type { TrainOrderRow } from './train-orders.schema';
