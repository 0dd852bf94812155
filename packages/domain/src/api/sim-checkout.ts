import { z } from 'zod';
import { defineRoute } from './contract';

/** The simulated payment provider's pages (only with SIMULATED_PAYMENTS): not the portal's own API. */

const tags = ['payments'];

export const CheckoutParams = z.strictObject({ channel: z.string().min(1).max(40), paymentId: z.uuid() });
const Token = z.string().min(1).max(128);
export const CheckoutQuery = z.strictObject({ token: Token });
/** The checkout page's form: the page's token and the payer's choice. */
export const CompleteForm = z.strictObject({ token: Token, outcome: z.enum(['paid', 'failed']) });

export const simCheckoutPage = defineRoute({
  method: 'GET',
  path: '/order/v2/payments/sim/:channel/:paymentId',
  operationId: 'simCheckoutPage',
  summary: "The simulated provider's checkout page",
  description:
    'Where a payment through a simulated outside provider sends the payer (or where its QR code points): an ' +
    "HTML page showing the amount with Pay and Fail buttons while the payment is open, authorized by the payment's token.",
  tags,
  params: CheckoutParams,
  query: CheckoutQuery,
  response: 'html',
});

export const simCheckoutComplete = defineRoute({
  method: 'POST',
  path: '/order/v2/payments/sim/:channel/:paymentId/complete',
  operationId: 'simCheckoutComplete',
  summary: "The payer's choice on the simulated checkout page",
  description:
    "The checkout page's form post: the simulated provider sends its signed notification (paid or failed) to " +
    "the portal, then redirects the payer back to the payment's return URL.",
  tags,
  params: CheckoutParams,
  consumes: 'application/x-www-form-urlencoded',
  body: CompleteForm,
  response: 'redirect',
});
