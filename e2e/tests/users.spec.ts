import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo';
import { PortalPage } from './support/portal-page';
import { xsrfHeaders } from './support/xsrf';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** Creates an operator of the admin's agency through the API and answers its username. */
async function createOperator(request: APIRequestContext): Promise<string> {
  const login = await request.post('/base/v2/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const { data } = (await login.json()) as Envelope<{ token: string }>;
  const username = `e2eop${Date.now().toString(36)}`;
  const created = await request.post('/base/v2/users', {
    data: {
      username,
      nickname: 'Disabled Later',
      email: `${username}@example.com`,
      roles: ['operator'],
      password: DEMO_PASSWORD,
    },
    headers: { Authorization: `Bearer ${data.token}`, ...(await xsrfHeaders(request)) },
  });
  const body = (await created.json()) as Envelope<unknown>;
  expect(body.code, body.message).toBe(0);
  return username;
}

test('a user the SuperUser disables in Simplified Chinese is sent to login on their next click', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const username = await createOperator(request);

  // The operator works in English in their own browser.
  const operatorContext = await browser.newContext();
  const operator = new PortalPage(await operatorContext.newPage());
  await operator.open('/');
  await operator.chooseLanguage('English');
  await operator.login(username);
  await expect(operator.page).toHaveURL('/flight/booking');

  // The SuperUser disables them from /users in Simplified Chinese.
  const adminContext = await browser.newContext();
  const admin = new PortalPage(await adminContext.newPage());
  await admin.open('/');
  await admin.chooseLanguage('简体中文');
  await admin.login('admin', DEMO_PASSWORD, { username: '用户名', password: '密码', submit: '登录' });
  await expect(admin.page).toHaveURL('/flight/booking');
  await admin.open('/users');
  await admin.waitForPage();
  await admin.page.getByLabel('用户名、姓名、邮箱或手机号').fill(username);
  await admin.page.getByLabel('用户名、姓名、邮箱或手机号').press('Enter');
  await admin.page.getByRole('button', { name: `编辑 ${username}` }).click();
  const form = admin.page.getByTestId('user-form');
  await form.getByLabel('状态').click();
  await admin.page.locator('.ant-select-dropdown').getByText('停用', { exact: true }).click();
  await admin.page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(
    admin.page.getByTestId('users-table').getByRole('row', { name: new RegExp(username) }),
  ).toContainText('停用');

  // The operator's next click ends at the login form: opening "My Bookings" asks for its counts,
  // and following "Flight orders" asks for the list; either call is answered 201001.
  const loginForm = operator.page.getByTestId('login-form');
  await operator.page.getByTestId('top-menu').getByText('My Bookings').click();
  await expect(async () => {
    if (await loginForm.isVisible()) return;
    await operator.page.getByRole('link', { name: 'Flight orders' }).click({ timeout: 2_000 });
    await expect(loginForm).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(operator.page).toHaveURL(/\/($|\?)/);

  await operatorContext.close();
  await adminContext.close();
});
