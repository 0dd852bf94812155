import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PassengerContext } from '@portal/domain/passenger-checks';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PassengerCard } from './passenger-card';
import { makeDocumentReading } from '../../../test/document-fixtures';

const WAIT = { timeout: 30_000 };

const CTX: PassengerContext = {
  today: '2030-01-10',
  travelDate: '2030-03-01',
  fare: { documentTypes: ['passport'], eligibleCountries: [], ineligibleCountries: [] },
};

/** One passenger card in a form, with a button that checks every field as the booking's submit does. */
function Harness() {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="vertical" initialValues={{ passengers: [{ type: 'adult' }] }}>
      <PassengerCard form={form} index={0} type="adult" ctx={CTX} />
      <Button onClick={() => void form.validateFields().catch(() => undefined)}>check</Button>
    </Form>
  );
}

const errorsOf = (card: HTMLElement) =>
  [...card.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('passenger card: a passport photo fills the form', () => {
  it('clears the red errors of the fields the reader filled and keeps the others', async () => {
    await prepare(SESSIONS.operator);
    server.use(
      http.post('/base/v2/analysis/document', () =>
        HttpResponse.json(
          envelope(
            makeDocumentReading({
              surname: 'ZHANG',
              given_names: 'WEI',
              gender: 'male',
              birthday: '1985-04-12',
              nationality: 'CN',
              travel_document: {
                type: 'passport',
                interfaceType: 'passport',
                number: 'E12345678',
                expiryDate: null,
              },
            }),
          ),
        ),
      ),
    );
    const view = renderElement(<Harness />);
    const card = await screen.findByTestId('passenger-card-0', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(errorsOf(card).length).toBeGreaterThanOrEqual(8), WAIT);

    const input = card.querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'passport.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('passenger-filled-0', {}, WAIT);

    // Every field the reader filled is valid now: its error goes; the expiry it did not read keeps its own.
    await waitFor(() => expect(errorsOf(card)).toEqual(['Please enter the expiry date']), WAIT);
    expect(within(card).getByLabelText('Surname')).toHaveValue('ZHANG');
    view.unmount();
  }, 60_000);
});
