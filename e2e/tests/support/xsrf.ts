import type { APIRequestContext } from '@playwright/test';

/** Headers with the XSRF token once the API has set its cookie on this request context. */
export async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  return token ? { 'X-XSRF-TOKEN': token } : {};
}
