import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';

const WAIT = { timeout: 30_000 };

/** Opens multi-city, types into "From 1" and waits until the search's lines are offered. */
async function typeInFirstOrigin(query: string, expected: RegExp): Promise<HTMLElement[]> {
  await prepare(SESSIONS.operator);
  renderApp('/flight/booking');
  await userEvent.click(await screen.findByText('Multi-city', {}, WAIT));
  const box = await screen.findByRole('combobox', { name: 'From 1' }, WAIT);
  await userEvent.click(box);
  await userEvent.type(box, query);
  return waitFor(() => {
    const options = screen.getAllByRole('option');
    if (!options.some((o) => expected.test(o.textContent ?? ''))) throw new Error(`no ${expected}`);
    return options;
  }, WAIT);
}

function enabled(options: HTMLElement[], text: RegExp): boolean {
  const option = options.find((o) => text.test(o.textContent ?? ''));
  return option !== undefined && option.getAttribute('aria-disabled') !== 'true';
}

const origin = () => screen.getByTestId('leg-0-origin');

/** Enter as the browser sends it (the select reads its keyCode, which user-event leaves out). */
function pressEnter() {
  const box = screen.getByRole('combobox', { name: 'From 1' });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
}

describe('multi-city takes airports: a city code offers its airports and never picks one silently', () => {
  it(
    'SHA and Enter leave the field empty, offering Hongqiao (SHA) and Pudong (PVG) by name',
    { timeout: 60_000 },
    async () => {
      const options = await typeInFirstOrigin('SHA', /Pudong.*\(PVG\)/);
      expect(enabled(options, /Hongqiao.*\(SHA\)/)).toBe(true);
      expect(enabled(options, /Pudong.*\(PVG\)/)).toBe(true);
      expect(enabled(options, /^Shanghai \(SHA\)/)).toBe(false);
      expect(screen.getByText(/choose one of its airports/)).toBeInTheDocument();

      pressEnter();
      expect(within(origin()).queryByText(/Pudong|Hongqiao/)).toBeNull();

      const hongqiao = screen
        .getAllByRole('option')
        .find((o) => /Hongqiao.*\(SHA\)/.test(o.textContent ?? ''));
      if (!hongqiao) throw new Error('no Hongqiao line');
      await userEvent.click(hongqiao);
      await waitFor(() => expect(within(origin()).getByText(/Hongqiao.*\(SHA\)/)).toBeInTheDocument());
    },
  );

  it('BJS offers Capital (PEK) and Daxing (PKX); Enter picks neither', { timeout: 60_000 }, async () => {
    const options = await typeInFirstOrigin('BJS', /Daxing.*\(PKX\)/);
    expect(enabled(options, /Capital.*\(PEK\)/)).toBe(true);
    expect(enabled(options, /Daxing.*\(PKX\)/)).toBe(true);
    pressEnter();
    expect(within(origin()).queryByText(/Capital|Daxing/)).toBeNull();
  });

  it("an airport's own code still takes it with Enter (PEK)", { timeout: 60_000 }, async () => {
    await typeInFirstOrigin('PEK', /Capital.*\(PEK\)/);
    pressEnter();
    await waitFor(() => expect(within(origin()).getByText(/Capital.*\(PEK\)/)).toBeInTheDocument());
  });
});
