import { expect, type APIRequestContext } from '@playwright/test';
import { xsrfHeaders } from './xsrf';

/** The simulated suppliers of the API (apps/api/src/modules/shopping/suppliers). */
export const SIMULATED_SUPPLIERS = ['sim-gds', 'sim-ndc', 'sim-lcc'] as const;

/** Sets fault knobs of one simulated supplier through the test-only route (ENABLE_TEST_HOOKS=true). */
export async function setSupplierFaults(
  request: APIRequestContext,
  name: string,
  faults: Record<string, unknown>,
) {
  const response = await request.post(`/__test/suppliers/${name}/faults`, {
    data: faults,
    headers: await xsrfHeaders(request),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Clears the fault knobs of every supplier. */
export async function clearSupplierFaults(request: APIRequestContext) {
  const response = await request.delete('/__test/suppliers/faults', { headers: await xsrfHeaders(request) });
  expect(response.ok(), await response.text()).toBe(true);
}
