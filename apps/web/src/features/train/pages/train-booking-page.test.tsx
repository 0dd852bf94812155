import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TrainOffer } from '@portal/domain/rail';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { AOH, BJP, offer, searchResult, SHH, VNP } from '../test-fixtures';

const WAIT = { timeout: 30000 };
const SLOW = 120000;

/** The train search answering `trains`; every request body is kept. */
function serveSearch(trains: TrainOffer[]) {
  const sent: unknown[] = [];
  server.use(
    http.post('/shopping/v2/train/search', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(envelope(searchResult(trains)));
    }),
  );
  return sent;
}

/** Types `query` into the station picker `label` and returns the options shown. */
async function typeStation(label: string, query: string) {
  const box = await screen.findByRole('combobox', { name: label }, WAIT);
  await userEvent.click(box);
  await userEvent.clear(box);
  await userEvent.type(box, query);
  return box;
}

async function pickStation(label: string, query: string, code: string) {
  await typeStation(label, query);
  const option = await waitFor(() => {
    const found = screen.getAllByRole('option').find((o) => o.textContent?.includes(`(${code})`));
    if (!found) throw new Error(`no option (${code})`);
    return found;
  }, WAIT);
  await userEvent.click(option);
}

async function search(trains: TrainOffer[]) {
  const sent = serveSearch(trains);
  await prepare(SESSIONS.trainop);
  renderApp('/train/booking');
  await pickStation('From', 'VNP', 'VNP');
  await pickStation('To', 'AOH', 'AOH');
  await userEvent.click(screen.getByRole('button', { name: 'Search trains' }));
  await waitFor(() => expect(sent).toHaveLength(1), WAIT);
  return sent;
}

const TRAINS = [
  offer('G1', VNP, AOH, '09:00', '13:35', 275),
  offer('D5', BJP, SHH, '07:30', '16:00', 510),
  offer('K101', BJP, SHH, '21:10', '12:40', 930),
];

describe('train booking page', () => {
  it(
    'finds Beijing South by its initials and by its telegraph code',
    async () => {
      await prepare(SESSIONS.trainop);
      renderApp('/train/booking');
      expect(await screen.findByTestId('page-title', {}, WAIT)).toHaveTextContent('Train booking');
      for (const query of ['bjn', 'VNP']) {
        await typeStation('From', query);
        const options = await waitFor(() => {
          const shown = screen.getAllByRole('option').map((o) => o.textContent ?? '');
          if (!shown.some((text) => text.includes('(VNP)'))) throw new Error(`no VNP for ${query}`);
          return shown;
        }, WAIT);
        expect(options.find((text) => text.includes('(VNP)'))).toContain('Beijing South 北京南');
      }
    },
    SLOW,
  );

  it(
    'searches with the picked stations and tomorrow, and filters the trains by type on the page',
    async () => {
      const sent = await search(TRAINS);
      expect(sent[0]).toMatchObject({ origin: 'VNP', destination: 'AOH' });
      expect((sent[0] as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const list = within(await screen.findByTestId('train-list', {}, WAIT));
      await waitFor(() => expect(list.getAllByTestId('train-card')).toHaveLength(3), WAIT);
      const filters = within(screen.getByTestId('train-filters'));
      await userEvent.click(filters.getByRole('checkbox', { name: 'K fast' }));
      await waitFor(() => expect(list.getAllByTestId('train-card')).toHaveLength(1));
      expect(list.getByText('K101')).toBeInTheDocument();
      expect(list.getByRole('button', { name: 'Book Hard sleeper on K101' })).toBeDisabled();
      // Filtering is on the page: the supplier is not asked again.
      expect(sent).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "shows 'No trains available' for a route without trains",
    async () => {
      await search([]);
      expect(await screen.findByText('No trains available', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses a resident ID card number with a wrong check character before booking',
    async () => {
      const created: unknown[] = [];
      server.use(
        http.post('/order/v2/train/orders', async ({ request }) => {
          created.push(await request.json());
          return HttpResponse.json(envelope(null, 100500, 'unexpected'), { status: 500 });
        }),
      );
      await search(TRAINS);
      await userEvent.click(await screen.findByRole('button', { name: 'Book Second class on G1' }, WAIT));
      const form = within(await screen.findByTestId('train-booking-form', {}, WAIT));
      const set = (label: string, value: string) =>
        fireEvent.change(form.getByLabelText(label), { target: { value } });
      set('Name', '张三');
      // 110105199003070017 is valid; the same number ending in 0 is not.
      set('Document number', '110105199003070010');
      set('Contact name', '张三');
      set('Email', 'zs@example.com');
      set('Phone', '13800138000');
      await userEvent.click(form.getByRole('button', { name: 'Review the booking' }));
      expect(
        await form.findByText('The document number is not valid for this document type', {}, WAIT),
      ).toBeInTheDocument();
      expect(screen.queryByTestId('train-booking-review')).not.toBeInTheDocument();

      set('Document number', '110105199003070017');
      await userEvent.click(form.getByRole('button', { name: 'Review the booking' }));
      const review = within(await screen.findByTestId('train-booking-review', {}, WAIT));
      expect(review.getByTestId('train-booking-total')).toHaveTextContent('Total: CNY 553.00');
      expect(created).toEqual([]);
    },
    SLOW,
  );
});
