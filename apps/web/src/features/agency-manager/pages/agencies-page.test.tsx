import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SubAgencyNode } from '@portal/domain/agencies';
import { makeAgency } from '../../../test/agency-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 60000;

interface Sent {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

/** The agencies endpoints over an in-memory tree; every write is recorded in `sent`. */
function serveAgencies(list: SubAgencyNode[]) {
  const state = { list: [...list], sent: [] as Sent[], queries: [] as URLSearchParams[] };
  const record = async (request: Request) => {
    const text = request.method === 'DELETE' ? '' : await request.text();
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('Idempotency-Key'),
      body: text ? (JSON.parse(text) as unknown) : null,
    });
    return state.sent.at(-1)?.body;
  };
  server.use(
    // The money forms show the caller's own available amount (none here).
    http.get('/base/v2/wallet/balances', () => HttpResponse.json(envelope([]))),
    http.get('/base/v2/agencies', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.queries.push(query);
      const keyword = query.get('keyword') ?? '';
      const found = state.list.filter((a) => a.name.includes(keyword));
      return HttpResponse.json(envelope({ list: found, total: found.length, page: 1, pageSize: 20 }));
    }),
    http.post('/base/v2/agencies', async ({ request }) => {
      const body = (await record(request)) as { name: string; superAdminUsername: string };
      const agency = makeAgency(2000 + state.list.length, body.name);
      state.list.push({ ...agency, children: [] });
      return HttpResponse.json(
        envelope({
          agency,
          superAdmin: { id: 99, username: body.superAdminUsername, temporaryPassword: 'Tmp9pass2Xyz' },
        }),
      );
    }),
    http.delete('/base/v2/agencies/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        envelope(null, 201030, 'The agency still holds money: its balance must be zero before it is deleted'),
        { status: 409 },
      );
    }),
    http.post('/base/v2/agencies/:id/apikey', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        envelope({
          apiKey: 'tbk_live_9f8e7d6c5b4a',
          prefix: 'tbk_live',
          createdAt: '2026-11-23T08:00:00.000Z',
        }),
      );
    }),
    http.post('/base/v2/agencies/:id/balance', async ({ request, params }) => {
      await record(request);
      const agency = state.list.find((a) => a.id === Number(params.id));
      return HttpResponse.json(
        envelope({ entryId: '77', agencyId: Number(params.id), wallet: agency?.wallet }),
      );
    }),
  );
  return state;
}

const CHILD = makeAgency(1101, 'Harbour Child', { parentId: 1001, proxyLevel: 2 });
const NORTH: SubAgencyNode = {
  ...makeAgency(1001, 'North Travel', { alias: 'NT', canCreateSubAgency: true, childrenCount: 1 }),
  children: [CHILD],
};
const TOKYO: SubAgencyNode = {
  ...makeAgency(1002, 'Tokyo Desk', {
    wallet: {
      currency: 'JPY',
      balance: { amount: '1200000', currency: 'JPY' },
      creditLimit: { amount: '0', currency: 'JPY' },
      available: { amount: '1200000', currency: 'JPY' },
    },
  }),
  children: [],
};

async function open(session = SESSIONS.admin) {
  await prepare(session);
  renderApp('/agency-manager');
  return within(await screen.findByTestId('agencies-table', {}, WAIT));
}

function setText(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function chooseAction(name: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `More actions for ${name}` }, WAIT));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }, WAIT));
}

describe('agency management page', () => {
  it(
    'shows the tree with money in each currency and searches on the server',
    async () => {
      const api = serveAgencies([NORTH, TOKYO]);
      const table = await open();
      const north = (await table.findByText('North Travel', {}, WAIT)).closest('tr') as HTMLElement;
      expect(within(north).getByText('CNY 12,345.60')).toBeInTheDocument();
      expect(within(north).getByText('CNY 5,000.00')).toBeInTheDocument();
      expect(within(north).getByText('CNY 17,345.60')).toBeInTheDocument();
      const tokyo = table.getByText('Tokyo Desk').closest('tr') as HTMLElement;
      expect(within(tokyo).getAllByText('JPY 1,200,000')).toHaveLength(2);
      expect(screen.getByTestId('agencies-count')).toHaveTextContent('2 sub-agencies');

      await userEvent.click(within(north).getByRole('button', { name: /expand/i }));
      expect(await table.findByText('Harbour Child', {}, WAIT)).toBeInTheDocument();

      // A grandchild is funded by its own parent, not from here; the direct one is.
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Harbour Child' }));
      expect(await screen.findByRole('menuitem', { name: 'Statements' }, WAIT)).toBeInTheDocument();
      expect(screen.getByRole('menuitem', { name: 'Look-to-book' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Add funds' })).not.toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'API key' })).not.toBeInTheDocument();

      await userEvent.type(screen.getByRole('searchbox', { name: /partner code/ }), 'nobody{enter}');
      expect(await table.findByText('No agencies match', {}, WAIT)).toBeInTheDocument();
      expect(api.queries.at(-1)?.get('keyword')).toBe('nobody');
    },
    SLOW,
  );

  it(
    'refuses a bad phone and a bad domain, then creates the agency and shows its password once',
    async () => {
      const api = serveAgencies([NORTH]);
      await open();
      await userEvent.click(await screen.findByRole('button', { name: 'Add sub-agency' }, WAIT));
      const form = within(await screen.findByTestId('agency-form', {}, WAIT));
      setText(form.getByLabelText('Company name'), 'South Seas');
      setText(form.getByLabelText('Contact name'), 'Chen');
      setText(form.getByLabelText('E-mail'), 'ops@south.example');
      setText(form.getByLabelText('Area code'), '86');
      setText(form.getByLabelText('Phone'), '12345');
      setText(form.getByLabelText('Super admin username'), 'southadmin');
      const domains = form.getByLabelText('Allowed domains');
      await userEvent.type(domains, 'https://bad.example/path{enter}');
      const save = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
      await userEvent.click(save);
      expect(
        await form.findByText('Not a valid phone number for this area code', {}, WAIT),
      ).toBeInTheDocument();
      expect(await form.findByText(/Only host names such as example.com/, {}, WAIT)).toBeInTheDocument();
      expect(api.sent).toEqual([]);

      setText(form.getByLabelText('Phone'), '13800138000');
      // Removes the refused domain with its tag's close button, then adds a good one.
      const refused = form.getByTitle('https://bad.example/path');
      await userEvent.click(within(refused).getByLabelText(/close|remove/i));
      await userEvent.type(domains, 'Agent.South.example{enter}');
      await userEvent.click(save);
      const shown = within(await screen.findByTestId('temporary-password', {}, WAIT));
      expect(shown.getByText('Tmp9pass2Xyz')).toBeInTheDocument();
      expect(api.sent).toEqual([
        {
          method: 'POST',
          path: '/base/v2/agencies',
          key: expect.any(String) as string,
          body: {
            name: 'South Seas',
            alias: null,
            advisor: null,
            contactName: 'Chen',
            email: 'ops@south.example',
            phone: { areaCode: '86', number: '13800138000' },
            allowedDomains: ['agent.south.example'],
            extraInfo: null,
            superAdminUsername: 'southadmin',
          },
        },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByText('Tmp9pass2Xyz')).not.toBeInTheDocument(), WAIT);
      expect(await screen.findByText('South Seas', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the server refusal of a delete plainly',
    async () => {
      const api = serveAgencies([NORTH, TOKYO]);
      await open();
      await chooseAction('Tokyo Desk', 'Delete');
      const dialog = await screen.findByRole('dialog', { name: 'Delete the agency Tokyo Desk?' }, WAIT);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      const refusal = await screen.findByRole('dialog', { name: 'Tokyo Desk was not deleted' }, WAIT);
      expect(refusal).toHaveTextContent(
        'The agency still holds money: its balance must be zero before it is deleted',
      );
      expect(api.sent).toEqual([{ method: 'DELETE', path: '/base/v2/agencies/1002', key: null, body: null }]);
    },
    SLOW,
  );

  it(
    'issues an API key after warning that the old one stops working, and shows it once',
    async () => {
      const api = serveAgencies([NORTH]);
      await open();
      await chooseAction('North Travel', 'API key');
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Create a new API key for North Travel?' },
        WAIT,
      );
      expect(dialog).toHaveTextContent('The old key stops working at once');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create new key' }));
      const shown = within(await screen.findByTestId('api-key', {}, WAIT));
      expect(shown.getByText('tbk_live_9f8e7d6c5b4a')).toBeInTheDocument();
      expect(api.sent).toEqual([
        { method: 'POST', path: '/base/v2/agencies/1001/apikey', key: null, body: null },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByText('tbk_live_9f8e7d6c5b4a')).not.toBeInTheDocument(), WAIT);
    },
    SLOW,
  );

  it(
    'adds funds with the worked-out amount and an Idempotency-Key',
    async () => {
      const api = serveAgencies([NORTH]);
      await open();
      await chooseAction('North Travel', 'Add funds');
      const form = within(await screen.findByTestId('top-up-form', {}, WAIT));
      setText(form.getByLabelText('Amount received'), '1000');
      setText(form.getByLabelText('Exchange rate'), '7.1234');
      fireEvent.change(form.getByLabelText('Transaction fee (%)'), { target: { value: '1.5' } });
      setText(form.getByLabelText('Reference number'), 'TT-2026-001');
      // 1000 × 7.1234 = 7123.40, less 1.5 % = 7016.549, rounded down.
      await waitFor(() => expect(form.getByLabelText('Amount')).toHaveValue('7016.54'), WAIT);
      await userEvent.click(form.getByRole('checkbox', { name: 'Send an e-mail to the agency' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add funds' }));
      await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
      expect(api.sent[0]).toEqual({
        method: 'POST',
        path: '/base/v2/agencies/1001/balance',
        key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        body: {
          currency: 'CNY',
          amount: '7016.54',
          exchangeRate: '7.1234',
          referenceNumber: 'TT-2026-001',
          amountReceived: '1000',
          transactionFeePercent: 1.5,
          sendEmail: true,
        },
      });
      await waitFor(() => expect(screen.queryByTestId('top-up-form')).not.toBeInTheDocument(), WAIT);
    },
    SLOW,
  );

  it(
    'clears the amount when the fee takes it all and refuses an amount above what is left',
    async () => {
      const api = serveAgencies([NORTH]);
      await open();
      await chooseAction('North Travel', 'Add funds');
      const form = within(await screen.findByTestId('top-up-form', {}, WAIT));
      setText(form.getByLabelText('Amount received'), '100');
      setText(form.getByLabelText('Reference number'), 'TT-2026-002');
      const fee = form.getByLabelText('Transaction fee (%)');
      fireEvent.change(fee, { target: { value: '10' } });
      await waitFor(() => expect(form.getByLabelText('Amount')).toHaveValue('90.00'), WAIT);
      fireEvent.change(fee, { target: { value: '100' } });
      // No 90.00 left over from the fee typed before.
      await waitFor(() => expect(form.getByLabelText('Amount')).toHaveValue(''), WAIT);

      fireEvent.change(fee, { target: { value: '10' } });
      await waitFor(() => expect(form.getByLabelText('Amount')).toHaveValue('90.00'), WAIT);
      setText(form.getByLabelText('Amount'), '95.00');
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add funds' }));
      expect(
        await form.findByText(
          'More than the amount received × exchange rate, less the fee (90.00)',
          {},
          WAIT,
        ),
      ).toBeInTheDocument();
      expect(api.sent).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows a load failure with a retry',
    async () => {
      server.use(
        http.get('/base/v2/agencies', () =>
          HttpResponse.json(envelope(null, 100500, 'Server error'), { status: 500 }),
        ),
      );
      await prepare(SESSIONS.admin);
      renderApp('/agency-manager');
      expect(await screen.findByTestId('list-error', {}, WAIT)).toHaveTextContent(
        'The sub-agencies could not be loaded',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    SLOW,
  );
});
