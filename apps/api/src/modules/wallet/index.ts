/** What the wallet module offers the other modules; nothing else of it may be imported. */
export { availableOf, postEntry } from './ledger';
export {
  instalmentLedgerOrderId,
  orderOfLedgerOrderId,
  purchaseReturnLedgerOrderId,
} from './ledger-order-id';
export type { LedgerOrderSource, LedgerOrders } from './ledger-orders';
export { groupInstalmentViolations, ledgerViolations, orderCountViolations } from './ledger.invariants';
export { ensureAccounts } from './ledger.repo';
export {
  amountAboveMaximum,
  assertWithinRequestMaximum,
  maxRequestMinor,
  money,
  percentOf,
  toMinor,
} from './money';
export { payFromBalance, postCapture } from './pay-from-balance';
export { postProviderAdjustment } from './provider-adjustment';
export type { ProviderAdjustmentInput } from './provider-adjustment';
export type { PaymentKind } from './pay-from-balance';
export { reimburse } from './reimburse';
export type { ReimburseInput } from './reimburse';
export { setCreditLimit } from './set-credit-limit';
export { assertReferenceUnused, topUp } from './top-up';
export { exportFileName, moneyFormat } from './wallet.export';
export { emptyBalance, paymentTypeOf, presentBalance } from './wallet.presenter';
export { walletAccounts } from './wallet.repo';
export { walletSums } from './wallet-sums.repo';
export type { WalletSum } from './wallet-sums.repo';
export { journalEntries, ledgerAccounts, ledgerPostings } from './wallet.schema';
export type { LedgerAccountRow } from './wallet.schema';
export { agencyBalances, createAgencyBills } from './wallet.service';
