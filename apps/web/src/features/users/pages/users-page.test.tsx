import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '@portal/domain/users';
import { SESSIONS } from '../../../test/fixtures';
import { makeUser } from '../../../test/user-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 60000;

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The users endpoints over an in-memory list; every write is recorded in `sent`. */
function serveUsers(initial: ManagedUser[], canManage = true) {
  const state = { users: [...initial], sent: [] as Sent[], queries: [] as URLSearchParams[] };
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const path = new URL(request.url).pathname;
    state.sent.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('/base/v2/users', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.queries.push(query);
      const keyword = query.get('keyword') ?? '';
      const list = state.users.filter((u) => u.username.includes(keyword));
      return HttpResponse.json(envelope({ list, total: list.length, page: 1, pageSize: 20, canManage }));
    }),
    http.post('/base/v2/users', async ({ request }) => {
      await record(request);
      const body = state.sent.at(-1)?.body as { username: string; password?: string };
      if (body.username === 'taken') {
        return HttpResponse.json(envelope(null, 201020, 'This username is already taken'), { status: 409 });
      }
      const user = makeUser(100 + state.users.length, body.username);
      state.users.push(user);
      return HttpResponse.json(envelope({ user, temporaryPassword: body.password ? null : 'Tmp9pass2Xyz' }));
    }),
    http.put('/base/v2/users/:id', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((u) => u.id === Number(params.id));
      if (!user) return HttpResponse.json(envelope(null, 100004, 'Resource not found'), { status: 404 });
      Object.assign(user, { nickname: (state.sent.at(-1)?.body as { nickname: string }).nickname });
      return HttpResponse.json(envelope(user));
    }),
    http.post('/base/v2/users/:id/password', async ({ request }) => {
      await record(request);
      return HttpResponse.json(envelope({ temporaryPassword: 'Reset7pass8Q' }));
    }),
    http.delete('/base/v2/users/:id', async ({ request, params }) => {
      await record(request);
      state.users = state.users.filter((u) => u.id !== Number(params.id));
      return HttpResponse.json(envelope({}));
    }),
  );
  return state;
}

async function open(session = SESSIONS.admin) {
  await prepare(session);
  renderApp('/users');
  return within(await screen.findByTestId('users-table', {}, WAIT));
}

const ADMIN = makeUser(1, 'admin', { role: ['SuperUser'] });

function setText(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('user management page', () => {
  it(
    'lists the users with their roles and statuses, and searches by keyword',
    async () => {
      const api = serveUsers([ADMIN, makeUser(2, 'operator', { status: 'testing' })]);
      const table = await open();
      const row = (await table.findByText('operator', {}, WAIT)).closest('tr') as HTMLElement;
      expect(within(row).getByText('Testing')).toBeInTheDocument();
      expect(within(row).getByText('+86 13800138000')).toBeInTheDocument();
      expect(screen.getByTestId('page-title')).toHaveTextContent('User Management');
      // One's own row has no delete.
      expect(table.queryByRole('button', { name: 'Delete admin' })).not.toBeInTheDocument();
      expect(table.getByRole('button', { name: 'Delete operator' })).toBeInTheDocument();

      const search = screen.getByRole('searchbox', { name: 'Username, name, e-mail or mobile' });
      await userEvent.type(search, 'nobody{enter}');
      expect(await table.findByText('No users match', {}, WAIT)).toBeInTheDocument();
      expect(api.queries.at(-1)?.get('keyword')).toBe('nobody');
    },
    SLOW,
  );

  it(
    'adds a user without a password and shows the generated one once',
    async () => {
      const api = serveUsers([ADMIN]);
      await open();
      await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
      const form = within(await screen.findByTestId('user-form'));
      setText(form.getByLabelText('Username'), 'ab');
      const save = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
      await userEvent.click(save);
      expect(
        await form.findByText(
          '3 to 64 letters, digits or . _ @ -, starting with a letter or digit',
          {},
          WAIT,
        ),
      ).toBeInTheDocument();
      expect(api.sent).toEqual([]);

      setText(form.getByLabelText('Username'), 'newagent');
      setText(form.getByLabelText('Name'), 'New Agent');
      setText(form.getByLabelText('E-mail'), 'new@example.com');
      setText(form.getByLabelText('Mobile number'), '91234567');
      setText(form.getByLabelText('Area code'), '852');
      await userEvent.click(form.getByRole('checkbox', { name: 'Finance' }));
      await userEvent.click(save);
      const shown = within(await screen.findByTestId('temporary-password', {}, WAIT));
      expect(shown.getByText('Tmp9pass2Xyz')).toBeInTheDocument();
      expect(api.sent).toEqual([
        {
          method: 'POST',
          path: '/base/v2/users',
          body: {
            nickname: 'New Agent',
            mobile: { areaCode: '852', number: '91234567' },
            roles: ['operator', 'finance'],
            status: 'active',
            username: 'newagent',
            email: 'new@example.com',
          },
        },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByText('Tmp9pass2Xyz')).not.toBeInTheDocument());
      expect(await screen.findByText('newagent', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a taken username on its field',
    async () => {
      serveUsers([ADMIN]);
      await open();
      await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
      const form = within(await screen.findByTestId('user-form'));
      setText(form.getByLabelText('Username'), 'taken');
      setText(form.getByLabelText('Name'), 'Someone');
      setText(form.getByLabelText('E-mail'), 'taken@example.com');
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
      expect(await form.findByText('This username is already taken', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'edits a user with the e-mail locked',
    async () => {
      const api = serveUsers([ADMIN, makeUser(2, 'operator')]);
      const table = await open();
      await userEvent.click(await table.findByRole('button', { name: 'Edit operator' }, WAIT));
      const form = within(await screen.findByTestId('user-form'));
      expect(form.getByLabelText('E-mail')).toBeDisabled();
      setText(form.getByLabelText('Name'), 'Olga');
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
      expect(api.sent[0]).toEqual({
        method: 'PUT',
        path: '/base/v2/users/2',
        body: {
          nickname: 'Olga',
          mobile: { areaCode: '86', number: '13800138000' },
          roles: ['operator'],
          status: 'active',
        },
      });
      expect(await table.findByText('Olga', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'names row actions after their visible text, and the role checkboxes carry no aria-required',
    async () => {
      serveUsers([ADMIN, makeUser(2, 'operator')]);
      const table = await open();
      // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
      const reset = await table.findByRole('button', { name: 'Reset password: operator' }, WAIT);
      expect(reset).toHaveTextContent('Reset password');
      await userEvent.click(table.getByRole('button', { name: 'Edit operator' }));
      const form = within(await screen.findByTestId('user-form'));
      const roles = form.getByRole('checkbox', { name: 'Operator' }).closest('[role="group"]');
      expect(roles).not.toBeNull();
      expect(roles).not.toHaveAttribute('aria-required');
    },
    SLOW,
  );

  it(
    'resets a password after confirmation and shows the temporary one',
    async () => {
      const api = serveUsers([ADMIN, makeUser(2, 'operator')]);
      const table = await open();
      await userEvent.click(await table.findByRole('button', { name: 'Reset password: operator' }, WAIT));
      const confirm = await screen.findByText('Reset the password of operator? Their sessions end at once.');
      const popup = confirm.closest('.ant-popover') as HTMLElement;
      await userEvent.click(within(popup).getByRole('button', { name: 'Reset password' }));
      expect(await screen.findByText('Reset7pass8Q', {}, WAIT)).toBeInTheDocument();
      expect(api.sent).toEqual([{ method: 'POST', path: '/base/v2/users/2/password', body: null }]);
    },
    SLOW,
  );

  it(
    'deletes a user after confirmation',
    async () => {
      const api = serveUsers([ADMIN, makeUser(2, 'operator')]);
      const table = await open();
      await userEvent.click(await table.findByRole('button', { name: 'Delete operator' }, WAIT));
      const confirm = await screen.findByText(
        'Delete the user operator? Their orders stay; they can no longer sign in.',
      );
      const popup = confirm.closest('.ant-popover') as HTMLElement;
      await userEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(table.queryByText('operator')).not.toBeInTheDocument(), WAIT);
      expect(api.sent).toEqual([{ method: 'DELETE', path: '/base/v2/users/2', body: null }]);
    },
    SLOW,
  );

  it(
    'is read-only for users who may not manage',
    async () => {
      serveUsers([ADMIN, makeUser(2, 'operator')], false);
      const table = await open(SESSIONS.operator);
      expect(await table.findByText('admin', {}, WAIT)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
      expect(table.queryByRole('button', { name: 'Edit admin' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a load failure with a retry',
    async () => {
      server.use(
        http.get('/base/v2/users', () =>
          HttpResponse.json(envelope(null, 100500, 'Server error'), { status: 500 }),
        ),
      );
      await prepare(SESSIONS.admin);
      renderApp('/users');
      expect(await screen.findByTestId('list-error', {}, WAIT)).toHaveTextContent(
        'The users could not be loaded',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    SLOW,
  );
});
