import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

async function pick(label: string, query: string, code: string) {
  const box = await screen.findByRole('combobox', { name: label }, WAIT);
  await userEvent.click(box);
  await userEvent.type(box, query);
  // Wait for the airport's option itself: other options (the footer's currencies) are there at once.
  const match = await waitFor(() => {
    const found = screen
      .getAllByRole('option')
      .find((o) => o.textContent?.includes(`(${code})`) && o.getAttribute('aria-disabled') !== 'true');
    if (!found) throw new Error(`no option (${code})`);
    return found;
  }, WAIT);
  await userEvent.click(match);
}

describe('airport picker favourites', () => {
  it(
    'keeps the last favourite on the server, stars it off locally, and saves a new one',
    { timeout: 60000 },
    async () => {
      const operator = SESSIONS.operator;
      await prepare({ ...operator, userInfo: { ...operator.userInfo, config: { cities: ['BJS'] } } });
      const sent: unknown[] = [];
      server.use(
        http.put('/base/v2/me/config/cities', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(envelope({}));
        }),
      );
      renderApp('/flight/booking');
      await pick('From', 'PEK', 'PEK');
      const [star] = await screen.findAllByRole('button', { name: 'Remove from favourite cities' }, WAIT);
      if (!star) throw new Error('no star');
      expect(star).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(star);
      expect(await screen.findByText(/Your last favourite city is hidden here only/)).toBeInTheDocument();
      expect(sent).toEqual([]);
      expect(useSessionStore.getState().userInfo?.config.cities).toEqual(['BJS']);

      await pick('To', 'SHA', 'SHA');
      const add = (await screen.findAllByRole('button', { name: 'Add to favourite cities' }, WAIT)).at(-1);
      if (!add) throw new Error('no star');
      await userEvent.click(add);
      await waitFor(() => expect(sent).toEqual([{ value: ['SHA'] }]));
      expect(useSessionStore.getState().userInfo?.config.cities).toEqual(['SHA']);
    },
  );
});
