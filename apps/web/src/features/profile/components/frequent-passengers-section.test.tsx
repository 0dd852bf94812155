import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FrequentPassenger } from '@portal/domain/frequent-passengers';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { makePassenger, passengerApi } from '../test/passenger-api';

async function open(passengers: FrequentPassenger[]) {
  await prepare(SESSIONS.operator);
  const api = passengerApi(passengers);
  server.use(...api.handlers);
  renderApp('/profile');
  const section = within(await screen.findByTestId('frequent-passengers'));
  return { api, section };
}

/** Sets a text field at once (typing every character is slow in jsdom). */
function setText(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function fillEditor() {
  const editor = within(await screen.findByTestId('frequent-passenger-editor'));
  setText(editor.getByLabelText('Surname'), 'li');
  setText(editor.getByLabelText('Given names'), 'Si');
  await userEvent.click(editor.getByLabelText('Female'));
  setText(editor.getByLabelText('Birthday'), '1990-07-01');
  const nationality = editor.getByLabelText('Nationality');
  await userEvent.click(nationality);
  setText(nationality, 'China (CN)');
  await screen.findAllByTitle('China (CN)');
  const options = document.querySelectorAll('.ant-select-item-option[title="China (CN)"]');
  await userEvent.click(options[options.length - 1] as HTMLElement);
  setText(editor.getByLabelText('Document number'), 'g 1234 5678');
  setText(editor.getByLabelText('Expiry date'), '2036-05-01');
  setText(editor.getByLabelText('Frequent flyer airline'), 'mu');
  setText(editor.getByLabelText('Frequent flyer number'), '6600112233');
  return editor;
}

describe('frequent passengers on the account page', () => {
  it('lists the saved passengers with their type today, masked document and the count', async () => {
    const { section } = await open([
      makePassenger(1, { frequentFlyer: { airline: 'CA', number: '123456789' } }),
      makePassenger(2, { given_names: 'XIAO', birthday: '2030-01-01', nationality: 'HK' }),
    ]);
    expect(await section.findByText('ZHANG/SAN B')).toBeInTheDocument();
    expect(section.getByTestId('frequent-passengers-count')).toHaveTextContent('2 / 30');
    const row = section.getByText('ZHANG/SAN B').closest('tr') as HTMLElement;
    expect(within(row).getByText('Adult')).toBeInTheDocument();
    expect(within(row).getByText('Chinese passport')).toBeInTheDocument();
    expect(within(row).getByText('*****0001')).toBeInTheDocument();
    expect(within(row).getByText('China (CN)')).toBeInTheDocument();
    expect(within(row).getByText('CA 123456789')).toBeInTheDocument();
    expect(within(row).queryByText('E10000001')).not.toBeInTheDocument();
    expect(section.getByText('Hong Kong SAR China (HK)')).toBeInTheDocument();
  }, 30000);

  it('adds a passenger with the contract body and shows it in the refreshed list', async () => {
    const { api, section } = await open([makePassenger(1)]);
    await userEvent.click(await section.findByRole('button', { name: 'Add passenger' }));
    await fillEditor();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await section.findByText('LI/SI')).toBeInTheDocument();
    expect(api.state.sent).toEqual([
      {
        method: 'POST',
        path: '/base/v2/often-used-passengers',
        body: {
          surname: 'LI',
          given_names: 'SI',
          gender: 'female',
          birthday: '1990-07-01',
          nationality: 'CN',
          travel_document: {
            type: 'passport',
            interfaceType: 'passport',
            number: 'G12345678',
            expiryDate: '2036-05-01',
          },
          frequentFlyer: { airline: 'MU', number: '6600112233' },
        },
      },
    ]);
    expect(section.getByTestId('frequent-passengers-count')).toHaveTextContent('2 / 30');
  }, 60000);

  it('shows rule errors on their fields: the form checks first, then the API', async () => {
    const { api, section } = await open([]);
    server.use(
      http.post('/base/v2/often-used-passengers', () =>
        HttpResponse.json(
          envelope(
            { errors: [{ path: 'travel_document.number', message: 'passenger.documentNumber.invalid' }] },
            100001,
            'Illegal input',
          ),
          { status: 400 },
        ),
      ),
    );
    await userEvent.click(await section.findByRole('button', { name: 'Add passenger' }));
    const editor = await fillEditor();
    setText(editor.getByLabelText('Birthday'), '1990/07/01');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await editor.findByText('Enter the date as yyyy-mm-dd')).toBeInTheDocument();
    expect(api.state.sent).toEqual([]);

    setText(editor.getByLabelText('Birthday'), '1990-07-01');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(
      await editor.findByText('The document number is not valid for this document type'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('frequent-passenger-editor')).toBeInTheDocument();
  }, 60000);

  it('edits a passenger with PUT; a saved frequent flyer number cannot be emptied', async () => {
    const { api, section } = await open([
      makePassenger(1, { frequentFlyer: { airline: 'CA', number: '123456789' } }),
    ]);
    await userEvent.click(await section.findByRole('button', { name: 'Edit ZHANG/SAN B' }));
    const editor = within(await screen.findByTestId('frequent-passenger-editor'));
    expect(editor.getByLabelText('Document number')).toHaveValue('E10000001');
    setText(editor.getByLabelText('Given names'), 'san bo');
    setText(editor.getByLabelText('Frequent flyer airline'), '');
    setText(editor.getByLabelText('Frequent flyer number'), '');
    const save = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(
      await editor.findByText('A saved frequent flyer number can be changed but not removed'),
    ).toBeInTheDocument();
    expect(api.state.sent).toEqual([]);

    setText(editor.getByLabelText('Frequent flyer airline'), 'CA');
    setText(editor.getByLabelText('Frequent flyer number'), '987654321');
    await userEvent.click(save);
    expect(await section.findByText('ZHANG/SAN BO')).toBeInTheDocument();
    expect(api.state.sent).toMatchObject([
      {
        method: 'PUT',
        path: '/base/v2/often-used-passengers/fp-1',
        body: { given_names: 'SAN BO', frequentFlyer: { airline: 'CA', number: '987654321' } },
      },
    ]);
  }, 60000);

  it('deletes a passenger only after the confirmation', async () => {
    const { api, section } = await open([makePassenger(1), makePassenger(2)]);
    await userEvent.click(await section.findByRole('button', { name: 'Delete ZHANG/SAN B' }));
    const confirm = await screen.findByText('Delete ZHANG/SAN B from your frequent passengers?');
    expect(api.state.sent).toEqual([]);
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(section.queryByText('ZHANG/SAN B')).not.toBeInTheDocument());
    expect(api.state.sent).toEqual([
      { method: 'DELETE', path: '/base/v2/often-used-passengers/fp-1', body: null },
    ]);
    expect(section.getByText('ZHANG/SAN C')).toBeInTheDocument();
  }, 30000);

  it('disables Add at 30 passengers and says why', async () => {
    const { section } = await open(Array.from({ length: 30 }, (_, n) => makePassenger(n)));
    expect(await section.findByText('30 / 30')).toBeInTheDocument();
    const add = section.getByRole('button', { name: 'Add passenger' });
    expect(add).toBeDisabled();
    await userEvent.hover(add.parentElement as HTMLElement);
    expect(
      await screen.findByText('You can save at most 30 frequent passengers. Delete one to add another.'),
    ).toBeInTheDocument();
  }, 30000);
});
