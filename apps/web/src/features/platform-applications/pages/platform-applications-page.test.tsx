import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Application, ApplicationDetail, ConvertedApplication } from '@portal/domain/platform-agencies';
import { preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PlatformApplicationsPage } from './platform-applications-page';

const WAIT = { timeout: 30000 };
const SLOW = 60000;
const ID = '3f2c7a55-9d1e-4c1b-8a55-0b7a1e2f4c11';

const APPLICATION: Application = {
  id: ID,
  status: 'new',
  name: 'Lee Harbour',
  email: 'lee@harbour.example',
  phoneAreaCode: '852',
  phone: '91234567',
  country: 'HK',
  companyName: 'Harbour Trips',
  companyAddress: '1 Pier Road',
  website: 'https://harbour.example',
  others: 'API for NDC content',
  locale: 'en',
  convertedAgencyId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

const DETAIL: ApplicationDetail = {
  ...APPLICATION,
  notes: [
    {
      id: 1,
      text: 'Called back',
      authorId: 4,
      authorName: 'sue.support',
      createdAt: '2026-11-21T08:00:00.000Z',
    },
  ],
};

const CONVERTED: ConvertedApplication = {
  application: { ...APPLICATION, status: 'converted', convertedAgencyId: 1001 },
  agency: { id: 1001, name: 'Harbour Trips', partnerCode: 'K7M3QX9B' },
  superAdmin: { id: 77, username: 'lee@harbour.example', temporaryPassword: 'Tmp4xY9pQr2z' },
  email: { to: 'lee@harbour.example', queued: true },
};

beforeEach(async () => {
  await prepare();
  preparePlatform({
    token: 'plt.test',
    admin: { id: 4, username: 'sue.support', permissions: ['platform:support'] },
    expiresAt: '2030-01-01T00:00:00.000Z',
  });
});

describe('the platform applications page', () => {
  it(
    'shows the status tabs with counts, opens an application and converts it, showing the password once',
    async () => {
      const bodies: unknown[] = [];
      let converted = false;
      let detailReads = 0;
      server.use(
        http.get('/platform/v2/applications', () =>
          HttpResponse.json(
            envelope({
              list: [APPLICATION],
              total: 1,
              page: 1,
              pageSize: 20,
              counts: [
                { status: 'new', cnt: 1 },
                { status: 'contacted', cnt: 2 },
                { status: 'converted', cnt: 0 },
                { status: 'declined', cnt: 3 },
              ],
            }),
          ),
        ),
        http.get(`/platform/v2/applications/${ID}`, () => {
          detailReads += 1;
          return HttpResponse.json(envelope(converted ? { ...DETAIL, ...CONVERTED.application } : DETAIL));
        }),
        http.post(`/platform/v2/applications/${ID}/conversion`, async ({ request }) => {
          bodies.push(await request.json());
          converted = true;
          return HttpResponse.json(envelope(CONVERTED));
        }),
      );
      const user = userEvent.setup();
      renderElement(<PlatformApplicationsPage />);
      expect(await screen.findByRole('tab', { name: 'All (6)' }, WAIT)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Contacted (2)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Declined (3)' })).toBeInTheDocument();

      await user.click(await screen.findByRole('button', { name: 'Lee Harbour' }, WAIT));
      const drawer = await screen.findByTestId('application-drawer', {}, WAIT);
      const fields = await within(drawer).findByTestId('application-fields', {}, WAIT);
      expect(fields).toHaveTextContent('1 Pier Road');
      expect(fields).toHaveTextContent('API for NDC content');
      expect(within(drawer).getByTestId('application-notes')).toHaveTextContent('Called back');

      await user.click(within(drawer).getByRole('button', { name: 'Convert into an agency' }));
      const form = await screen.findByTestId('conversion-form', {}, WAIT);
      expect(within(form).getByLabelText('Company name')).toHaveValue('Harbour Trips');
      expect(within(form).getByLabelText('Super admin username')).toHaveValue('lee@harbour.example');
      await user.click(screen.getByRole('button', { name: 'Create the agency' }));

      const result = await screen.findByTestId('conversion-result', {}, WAIT);
      // The drawer reads the application again, now converted: the password stays on screen.
      await waitFor(() => expect(detailReads).toBeGreaterThan(1), WAIT);
      await waitFor(
        () => expect(within(drawer).queryByRole('button', { name: 'Convert into an agency' })).toBeNull(),
        WAIT,
      );
      expect(screen.getByTestId('conversion-result')).toBe(result);
      expect(result).toHaveTextContent('Tmp4xY9pQr2z');
      expect(result).toHaveTextContent('K7M3QX9B');
      expect(result).toHaveTextContent('The credentials are being e-mailed to lee@harbour.example.');
      expect(bodies).toEqual([
        {
          companyName: 'Harbour Trips',
          contactName: 'Lee Harbour',
          email: 'lee@harbour.example',
          phone: { areaCode: '852', number: '91234567' },
          settlementCurrency: 'CNY',
          timeZone: 'Asia/Shanghai',
          superAdminUsername: 'lee@harbour.example',
        },
      ]);
    },
    SLOW,
  );
});
