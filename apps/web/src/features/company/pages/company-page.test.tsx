import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '@portal/domain/company';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const EMPTY: CompanyProfile = {
  id: 1,
  name: 'Agency 1',
  alias: null,
  contactName: null,
  email: null,
  phone: null,
  address: null,
  website: null,
  extraInfo: null,
  timeZone: 'Asia/Shanghai',
  canEdit: true,
};

function companyApi(initial: CompanyProfile) {
  const sent: unknown[] = [];
  let current = initial;
  server.use(
    http.get('/base/v2/company', () => HttpResponse.json(envelope(current))),
    http.put('/base/v2/company', async ({ request }) => {
      const body = (await request.json()) as Omit<CompanyProfile, 'id' | 'canEdit'>;
      sent.push(body);
      current = { ...current, ...body };
      return HttpResponse.json(envelope(current));
    }),
  );
  return { sent };
}

/** Submits the form as its Save button does. */
const save = (name = 'Save') =>
  fireEvent.submit(screen.getByRole('button', { name }).closest('form') as HTMLFormElement);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the company profile page', () => {
  it('loads the profile, refuses a missing address and a bad phone, then saves the whole profile', async () => {
    await prepare(SESSIONS.admin);
    const api = companyApi(EMPTY);
    renderApp('/company');
    expect(await screen.findByDisplayValue('Agency 1')).toBeInTheDocument();

    type('Phone', '12345');
    type('Email', 'not-an-email');
    save();
    expect(await screen.findByText('Please enter the company address')).toBeInTheDocument();
    expect(await screen.findByText('Not a valid phone number for this area code')).toBeInTheDocument();
    expect(await screen.findByText('The email format is incorrect.')).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    type('Company address', ' 88 Century Avenue, Shanghai ');
    type('Phone', '13800138000');
    type('Email', 'office@agency.example');
    type('Contact name', 'Alice');
    type('Website', 'https://agency.example');
    save();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      name: 'Agency 1',
      alias: null,
      contactName: 'Alice',
      email: 'office@agency.example',
      phone: { areaCode: '86', number: '13800138000' },
      address: '88 Century Avenue, Shanghai',
      website: 'https://agency.example',
      extraInfo: null,
      timeZone: 'Asia/Shanghai',
    });
    expect(await screen.findByText('Company profile saved')).toBeInTheDocument();
  }, 30000);

  it('offers the time zone of the statements as a choice of common zones, and saves the one chosen', async () => {
    await prepare(SESSIONS.admin);
    const api = companyApi({ ...EMPTY, address: 'Somewhere 1' });
    renderApp('/company');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(
      screen.getByText('Statement months begin and end at midnight in this time zone'),
    ).toBeInTheDocument();
    await userEvent.click(zone);
    await userEvent.type(zone, 'London');
    await userEvent.click(await screen.findByTitle('Europe/London'));
    save();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({ address: 'Somewhere 1', timeZone: 'Europe/London' });
  }, 30000);

  it('shows a load failure with a retry', async () => {
    await prepare(SESSIONS.admin);
    let calls = 0;
    server.use(
      http.get('/base/v2/company', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(envelope(null, 100000, 'Server busy'), { status: 500 })
          : HttpResponse.json(envelope({ ...EMPTY, address: 'Somewhere 1' }));
      }),
    );
    renderApp('/company');
    expect(await screen.findByText('The company profile could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Somewhere 1')).toBeInTheDocument();
  }, 30000);

  it('shows the form in Chinese', async () => {
    await prepare(SESSIONS.admin);
    companyApi(EMPTY);
    usePreferencesStore.setState({ locale: 'zh-cn' });
    await i18n.changeLanguage('zh-cn');
    renderApp('/company');
    expect(await screen.findByText('公司地址')).toBeInTheDocument();
    save(i18n.t('common.save'));
    expect(await screen.findByText('请输入公司地址')).toBeInTheDocument();
  }, 30000);
});
