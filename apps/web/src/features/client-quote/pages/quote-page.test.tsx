import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_QUOTE } from '../../../test/client-quote-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30000 };
const SLOW = 40000;

describe('the public quote page', () => {
  beforeEach(() => prepare());

  it(
    'shows a traveller without login the prices with everything in, the terms and the PDF, and no fee',
    async () => {
      server.use(
        http.get('/public/v2/client-quotes/:token', ({ params }) =>
          params.token === 'tok1'
            ? HttpResponse.json(envelope(PUBLIC_QUOTE))
            : HttpResponse.json(envelope(null, 500070, 'gone'), { status: 404 }),
        ),
      );
      renderApp('/quote/tok1');
      expect(await screen.findByTestId('client-quote-page', {}, WAIT)).toBeTruthy();
      expect(screen.getByTestId('client-quote-total').textContent).toBe('CNY 1,050.00');
      expect(screen.getByText(/2030-05-01 08:00/)).toBeTruthy();
      expect(screen.getByText(/Prepared for Ada Lovelace/)).toBeTruthy();
      expect(screen.getByText('Window seats if possible')).toBeTruthy();
      expect(screen.getByText('Allowed, fee CNY 200.00')).toBeTruthy();
      expect(screen.getByTestId('client-quote-validity').textContent).toContain(
        'Prices are subject to availability until booked.',
      );
      expect(screen.getByTestId('client-quote-download')).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/service fee/i);
      expect(document.body.textContent).not.toMatch(/CNY 50\.00/);
    },
    SLOW,
  );

  it(
    'says clearly that an expired quote has expired',
    async () => {
      server.use(
        http.get('/public/v2/client-quotes/:token', () =>
          HttpResponse.json(envelope(null, 500070, 'This quote does not exist or is no longer valid'), {
            status: 404,
          }),
        ),
      );
      renderApp('/quote/old');
      expect(await screen.findByTestId('client-quote-expired', {}, WAIT)).toBeTruthy();
      expect(screen.getByText('This quote has expired')).toBeTruthy();
    },
    SLOW,
  );
});
