import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCard } from '@portal/domain/frequent-passengers';
import { inTimeZone, SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeCard, passengerApi } from '../test/passenger-api';

async function open(cards: MemberCard[], session = SESSIONS.operator) {
  await prepare(session);
  const api = passengerApi([], cards);
  server.use(...api.handlers);
  renderApp('/profile');
  const section = within(await screen.findByTestId('member-cards'));
  return { api, section };
}

function setText(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('airline member cards on the account page', () => {
  it('lists the cards', async () => {
    const { section } = await open([makeCard(1), makeCard(2, { tier: null, expiryDate: null })]);
    const row = (await section.findByText('CA1000001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ZHANG/SAN')).toBeInTheDocument();
    expect(within(row).getByText('Gold')).toBeInTheDocument();
    expect(within(row).getByText('2031-12-31')).toBeInTheDocument();
    expect(section.getByText('CA1000002')).toBeInTheDocument();
  }, 30000);

  describe("expiry on the agency's calendar", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['Asia/Shanghai', true],
      ['America/Los_Angeles', false],
    ])(
      'a card that expired on 30 November, at 23:30 UTC that day, in %s: expired %s',
      async (zone, expired) => {
        // 23:30 UTC on 30 November is already 1 December in Shanghai, still 30 November in Los Angeles.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
        const { section } = await open(
          [makeCard(1, { expiryDate: '2026-11-30' })],
          inTimeZone(SESSIONS.operator, zone),
        );
        const row = (await section.findByText('CA1000001')).closest('tr') as HTMLElement;
        expect(within(row).queryByText('Expired') !== null).toBe(expired);
      },
      30000,
    );
  });

  it('adds a card with the API schema checked first, then sends the contract body', async () => {
    const { api, section } = await open([]);
    expect(await section.findByText('No member cards yet')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Add card' }));
    const editor = within(await screen.findByTestId('member-card-editor'));
    setText(editor.getByLabelText('Airline code'), 'mu');
    setText(editor.getByLabelText('Card number'), '12');
    setText(editor.getByLabelText('Surname'), 'wang');
    setText(editor.getByLabelText('Given names'), 'Wu');
    const save = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(await editor.findByText('4 to 20 letters and digits')).toBeInTheDocument();
    expect(api.state.sent).toEqual([]);

    setText(editor.getByLabelText('Card number'), 'mu660011');
    setText(editor.getByLabelText('Expiry date'), '2032-06-30');
    await userEvent.click(save);
    expect(await section.findByText('MU660011')).toBeInTheDocument();
    expect(api.state.sent).toEqual([
      {
        method: 'POST',
        path: '/base/v2/member-cards',
        body: {
          airline: 'MU',
          number: 'MU660011',
          surname: 'WANG',
          given_names: 'WU',
          expiryDate: '2032-06-30',
        },
      },
    ]);
  }, 60000);

  it('deletes a card after the confirmation', async () => {
    const { api, section } = await open([makeCard(1)]);
    await userEvent.click(await section.findByRole('button', { name: 'Delete CA CA1000001' }));
    const confirm = await screen.findByText('Delete the member card CA CA1000001?');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(section.queryByText('CA1000001')).not.toBeInTheDocument());
    expect(api.state.sent).toEqual([{ method: 'DELETE', path: '/base/v2/member-cards/mc-1', body: null }]);
  }, 30000);
});
