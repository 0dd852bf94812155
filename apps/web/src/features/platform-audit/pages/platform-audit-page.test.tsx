import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PlatformAuditPage } from '@portal/domain/platform-schemas';
import { preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { serveExport } from '../../../test/export-spy';
import { envelope, server } from '../../../test/server';

const PAGE: PlatformAuditPage = {
  list: [
    {
      id: 2,
      at: '2026-11-29T10:00:00.000Z',
      admin: { id: 1, username: 'platform.finance' },
      action: 'admin.disable',
      targetType: 'platformAdmin',
      targetId: '7',
      before: { username: 'old.hand', status: 'active' },
      after: { username: 'old.hand', status: 'disabled' },
      approvedBy: { id: 2, username: 'platform.approver' },
      note: 'left the company',
      requestId: 'req-1',
    },
    {
      id: 1,
      at: '2026-11-29T09:00:00.000Z',
      admin: null,
      action: 'session.signInRefused',
      targetType: 'platformAdmin',
      targetId: null,
      before: null,
      after: { username: 'nobody', reason: 'unknown' },
      approvedBy: null,
      note: null,
      requestId: 'req-0',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

describe('the platform audit log page', () => {
  it('lists the rows with the platform token, before and after readable, the changed fields marked', async () => {
    await prepare();
    preparePlatform();
    let authorization: string | null = null;
    server.use(
      http.get('/platform/v2/audit', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(envelope(PAGE));
      }),
    );
    renderApp('/platform/audit');
    const table = await screen.findByTestId('platform-audit-table');
    expect(await within(table).findByText('admin.disable')).toBeInTheDocument();
    expect(authorization).toBe('Bearer plt.token-finance');
    const [change] = within(table).getAllByTestId('platform-audit-change');
    expect(change).toHaveTextContent('Before');
    expect(within(change as HTMLElement).getByText('status: disabled').tagName).toBe('MARK');
    expect(within(change as HTMLElement).getAllByText('username: old.hand')[0]?.tagName).toBe('LI');
    expect(within(table).getByText('platform.approver')).toBeInTheDocument();
    expect(within(table).getByText('System')).toBeInTheDocument();
  });

  it('sends the filters as the query and starts again at page 1', async () => {
    await prepare();
    preparePlatform();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/platform/v2/audit', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(envelope(PAGE));
      }),
    );
    const { router } = renderApp('/platform/audit?page=2');
    await screen.findByTestId('platform-audit-table');
    await userEvent.type(screen.getByLabelText('Admin'), 'platform.finance');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toContain('admin=platform.finance'));
    await waitFor(() => expect(queries.at(-1)?.get('admin')).toBe('platform.finance'));
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('shows an empty log and offers no export', async () => {
    await prepare();
    preparePlatform();
    server.use(
      http.get('/platform/v2/audit', () =>
        HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 })),
      ),
    );
    renderApp('/platform/audit');
    expect(await screen.findByText('No audit entries')).toBeInTheDocument();
    expect(screen.getByTestId('platform-audit-export')).toBeDisabled();
  });

  it('exports what the filters select, with the platform session', async () => {
    await prepare();
    preparePlatform();
    server.use(http.get('/platform/v2/audit', () => HttpResponse.json(envelope(PAGE))));
    const exported = serveExport('/platform/v2/audit/export');
    let authorization: string | null = null;
    const listener = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/platform/v2/audit/export'))
        authorization = request.headers.get('authorization');
    };
    server.events.on('request:start', listener);
    renderApp('/platform/audit?action=admin.disable&admin=platform.finance');
    await screen.findByText('admin.disable', { selector: '.ant-tag' });
    await userEvent.click(screen.getByTestId('platform-audit-export'));
    await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
    expect(exported.bodies).toEqual([{ action: 'admin.disable', admin: 'platform.finance' }]);
    expect(authorization).toBe('Bearer plt.token-finance');
    server.events.removeListener('request:start', listener);
  });
});
