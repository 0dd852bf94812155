import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { apiModules } from './api-modules.js';

RuleTester.describe = describe;
RuleTester.it = it;

const API_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');
const at = (file) => path.join(API_SRC, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('portal-api/modules', apiModules, {
  valid: [
    { filename: at('modules/flight-orders/create-order.ts'), code: "import { toMinor } from '../wallet';" },
    {
      filename: at('modules/flight-orders/after-sales/refund.ts'),
      code: "import { reimburse } from '../../wallet/index';",
    },
    {
      filename: at('modules/flight-orders/create-order.ts'),
      code: "import { x } from './flight-orders.repo';",
    },
    {
      filename: at('modules/sub-agencies/sub-money.ts'),
      code: "import { trainOrders } from '../train-orders';",
    },
    {
      filename: at('modules/wallet/wallet.test.ts'),
      code: "import { bookOne } from '../flight-orders/flight-orders.test-helpers';",
    },
    {
      filename: at('modules/wallet/ledger.test.ts'),
      code: "import { flightOrders } from '../flight-orders';",
    },
    { filename: at('app.ts'), code: "import { wire } from './simulation/wire';" },
    { filename: at('app.ts'), code: "import { wire } from './adapters/wire';" },
    {
      filename: at('adapters/duffel/duffel-supplier.ts'),
      code: "import { SupplierRefusal } from '../../modules/shopping/index';",
    },
    {
      filename: at('adapters/duffel/duffel-supplier.test.ts'),
      code: "import { startDuffelMock } from '../../test/mocks/duffel-mock/server';",
    },
    { filename: at('app.ts'), code: "import { configuredPaymentProviders } from './adapters/wire';" },
    {
      filename: at('adapters/stripe/stripe-provider.ts'),
      code: "import { receiveVerifiedNotification } from '../../modules/payments/index';",
    },
    {
      filename: at('adapters/stripe/stripe-webhook.test.ts'),
      code: "import { orderPayments } from '../../modules/payments/payments.schema';",
    },
    { filename: at('app.ts'), code: "import { routes } from './modules/wallet/wallet.routes';" },
    {
      filename: at('simulation/flight/desk.ts'),
      code: "import { SupplierRefusal } from '../../modules/shopping';",
    },
  ],
  invalid: [
    {
      filename: at('modules/shopping/start-search.ts'),
      code: "import { DuffelSupplier } from '../../adapters/duffel/duffel-supplier';",
      errors: [{ messageId: 'adapters' }],
    },
    {
      filename: at('modules/flight-orders/order-jobs.ts'),
      code: "import { wire } from '../../adapters/wire';",
      errors: [{ messageId: 'adapters' }],
    },
    {
      filename: at('adapters/duffel/duffel-supplier.ts'),
      code: "import { createSimulatedRegistry } from '../../simulation/flight/registry';",
      errors: [{ messageId: 'simulation' }],
    },
    {
      filename: at('adapters/duffel/duffel-supplier.ts'),
      code: "import { x } from '../../modules/shopping/suppliers/supplier';",
      errors: [{ messageId: 'surface' }],
    },
    {
      filename: at('adapters/duffel/duffel-supplier.ts'),
      code: "import { startDuffelMock } from '../../test/mocks/duffel-mock/server';",
      errors: [{ messageId: 'testCode' }],
    },
    {
      filename: at('modules/payments/pay-order.ts'),
      code: "import { createStripeProvider } from '../../adapters/stripe/stripe-provider';",
      errors: [{ messageId: 'adapters' }],
    },
    {
      filename: at('platform/config.ts'),
      code: "import { clientAddress } from '../adapters/stripe/stripe-provider';",
      errors: [{ messageId: 'adapters' }],
    },
    {
      filename: at('simulation/wire.ts'),
      code: "import { configuredPaymentProviders } from '../adapters/wire';",
      errors: [{ messageId: 'adapters' }],
    },
    {
      filename: at('adapters/stripe/stripe-provider.ts'),
      code: "import { orderPayments } from '../../modules/payments/payments.schema';",
      errors: [{ messageId: 'surface' }],
    },
    {
      filename: at('modules/flight-orders/create-order.ts'),
      code: "import { toMinor } from '../wallet/money';",
      errors: [{ messageId: 'surface' }],
    },
    {
      filename: at('modules/flight-orders/after-sales/refund.ts'),
      code: "export { reimburse } from '../../wallet/reimburse';",
      errors: [{ messageId: 'surface' }],
    },
    {
      filename: at('modules/wallet/wallet.repo.ts'),
      code: "import { flightOrders } from '../flight-orders';",
      errors: [{ messageId: 'arrow' }],
    },
    {
      filename: at('modules/payments/pay-order.ts'),
      code: "const m = await import('../group-orders');",
      errors: [{ messageId: 'arrow' }],
    },
    {
      filename: at('modules/flight-orders/create-order.ts'),
      code: "import { x } from '../booking-records';",
      errors: [{ messageId: 'arrow' }],
    },
    {
      filename: at('platform/db/rows.ts'),
      code: "import { users } from '../../modules/users';",
      errors: [{ messageId: 'platform' }],
    },
    {
      filename: at('modules/shopping/suppliers/registry.ts'),
      code: "import { createSimulatedRegistry } from '../../../simulation/flight/registry';",
      errors: [{ messageId: 'simulation' }],
    },
    {
      filename: at('simulation/flight/desk.ts'),
      code: "import { x } from '../../modules/shopping/suppliers/supplier';",
      errors: [{ messageId: 'surface' }],
    },
    {
      filename: at('modules/loyalty/points.ts'),
      code: "import { x } from '../wallet';",
      errors: [{ messageId: 'unknown' }],
    },
  ],
});
