/** What the payments module offers the other modules; nothing else of it may be imported. */
export { createGatewayRegistry, sign, verifySignature } from './gateway';
export type {
  PaymentGateway,
  PaymentGateways,
  PaymentProvider,
  RefundRequest,
  StartPaymentAnswer,
  StartPaymentRequest,
} from './gateway';
export { findPayment } from './gateway-payment';
export { payWithBalance } from './pay-order';
export { payWithChannel } from './pay-with-channel';
export type { Capturable, PaidWith, Payable, PaymentDue, PaymentTarget } from './payable';
export type { PayableRegistry } from './payable';
export type { OrderPaymentRow } from './payments.schema';
export { receiveVerifiedNotification } from './receive-notification';
export { providerRefundsOf, refundThroughProvider } from './provider-refunds';
export { receiveDispute, receiveOutsideRefund } from './outside-money';
export { paymentIssueFrom, paymentIssueOf, paymentIssueSql } from './payment-issue';
export type {
  DisputeChange,
  DisputeNotice,
  OutsideMoneyDeps,
  OutsideMoneyResult,
  OutsideRefundNotice,
} from './outside-money';
export type { CaptureRef, ProviderRefundClaim } from './provider-refunds';
export type { ProviderRefundReason, ProviderRefundRow } from './provider-refunds.schema';
