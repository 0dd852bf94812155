import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { COVERAGE } from '@portal/reference-data/coverage';
import { useUiStore } from '../../../shared/stores/ui-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const format = (n: number) => new Intl.NumberFormat('en').format(n);

/** The marketing sections, which arrive after the login card, one more each frame. */
async function marketing() {
  const region = await screen.findByTestId('home-marketing', {}, { timeout: 10_000 });
  await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'), { timeout: 10_000 });
  return region;
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Title *'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@analytical.example');
  await userEvent.selectOptions(screen.getByLabelText('Country *'), 'GB');
}

describe('home page for a visitor', () => {
  it('shows the login card first, then the marketing sections with figures from the data and the site', async () => {
    await prepare();
    renderApp('/');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByTestId('home-slogan')).toHaveTextContent('Every fare, one portal.');
    const sections = await marketing();
    for (const heading of [
      'What you can sell',
      'A flight platform built for agencies',
      'Coverage in figures',
      'Four ways to work with us',
      'Why agencies choose us',
      'About us',
      'Apply for the API integration or customized tech solutions',
    ]) {
      expect(within(sections).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('partner-products')).getAllByRole('listitem')).toHaveLength(8);
    expect(within(screen.getByTestId('home-modes')).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(within(screen.getByTestId('home-advantages')).getAllByRole('heading', { level: 3 })).toHaveLength(
      9,
    );
    expect(screen.getByTestId('figure-airports')).toHaveTextContent(format(COVERAGE.airports));
    expect(screen.getByTestId('figure-routes')).toHaveTextContent(format(COVERAGE.routes));
    expect(screen.getByTestId('figure-stations')).toHaveTextContent(format(COVERAGE.stations));
    // From the site config (fixtures: 1,200 clients, 60 suppliers, since 2001).
    await waitFor(() => expect(screen.getByTestId('figure-clients')).toHaveTextContent('1,200'));
    expect(screen.getByTestId('figure-suppliers')).toHaveTextContent('60+');
    const claims = screen.getByTestId('about-claims');
    expect(claims).toHaveTextContent('Since 2001');
    expect(claims).toHaveTextContent('20+ years of experience');
    expect(claims).toHaveTextContent('60+ suppliers');
  });

  it('shows the spec messages of the contact form and sends nothing until they are met', async () => {
    await prepare();
    let sent = false;
    server.use(
      http.post('/base/v2/applications', () => {
        sent = true;
        return HttpResponse.json(envelope({ received: true }));
      }),
    );
    renderApp('/');
    await marketing();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please input the username')).toBeInTheDocument();
    expect(screen.getByText('Please select your country')).toBeInTheDocument();
    expect(screen.getByText('Please input email address or phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Title *')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@analytical');
    expect(await screen.findByText('The email format is incorrect.')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('names the countries once the visitor reaches the form, not while the sections render', async () => {
    await prepare();
    renderApp('/');
    await marketing();
    const country = screen.getByLabelText('Country *');
    expect(within(country).getAllByRole('option')).toHaveLength(1);
    await userEvent.click(screen.getByLabelText('Title *'));
    expect(within(country).getByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
    expect(within(country).getAllByRole('option').length).toBeGreaterThan(200);
  });

  it('sends the enquiry and thanks the visitor', async () => {
    await prepare();
    let received: unknown;
    server.use(
      http.post('/base/v2/applications', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json(envelope({ received: true }));
      }),
    );
    renderApp('/');
    await marketing();
    await fillValid();
    await userEvent.type(screen.getByLabelText('Phone number'), '2079460000');
    await userEvent.type(screen.getByLabelText('Area code'), '44');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByTestId('contact-sent');
    expect(done).toHaveTextContent('Submitted');
    expect(done).toHaveTextContent(
      'Thank you! We have received your message and our account manager will reach you out soon.',
    );
    expect(received).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      phoneAreaCode: '44',
      phone: '2079460000',
      country: 'GB',
    });
  });

  it('says it failed when the server refuses, and keeps what was typed', async () => {
    await prepare();
    server.use(
      http.post('/base/v2/applications', () =>
        HttpResponse.json({ code: 100020, data: { seconds: 60 }, message: 'wait' }, { status: 429 }),
      ),
    );
    renderApp('/');
    await marketing();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('contact-failed')).toHaveTextContent('Failed. Please submit later');
    expect(screen.getByLabelText('Title *')).toHaveValue('Ada Lovelace');
  });

  it('speaks Simplified Chinese, spec messages translated', async () => {
    await prepare();
    renderApp('/');
    await marketing();
    const { i18n } = await import('../../../shared/i18n/i18n');
    await i18n.changeLanguage('zh-cn');
    expect(await screen.findByRole('heading', { name: '申请 API 对接或定制技术方案' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('contact-form')).getByRole('button'));
    expect(await screen.findByText('请选择国家/地区')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});

describe('home page for a logged-in user', () => {
  it('stays on / with the welcome card, as the guard allows', async () => {
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/');
    expect(await screen.findByText(/Welcome back/)).toBeInTheDocument();
    expect(screen.queryByTestId('login-form')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to flight booking when the portal is embedded in a partner frame', async () => {
    await prepare(SESSIONS.operator);
    useUiStore.setState({ iframe: true });
    try {
      const { router } = renderApp('/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking'));
    } finally {
      useUiStore.setState({ iframe: false });
    }
  });
});
