import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_REASON_MAX } from '@portal/domain/duplicate-booking';
import type { Solution } from '@portal/domain/shopping';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { makeDocumentReading } from '../../../test/document-fixtures';
import { makeSolution } from '../../../test/flight-fixtures';
import { fullOrder } from '../../../test/flight-order-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30000 };

// The confirm page is a lazy chunk: load it once before the tests, outside any wait, so the first
// test does not spend its wait on transforming the page's modules on a loaded machine.
beforeAll(() => import('../../../app/pages/flight-booking-confirm-page'), 120_000);

function withChild(solution: Solution, restrictions: Partial<Solution['restrictions']> = {}): Solution {
  const [adult] = solution.priceDetail.priceList;
  if (!adult) throw new Error('fixture without an adult price');
  return {
    ...solution,
    restrictions: { ...solution.restrictions, ...restrictions },
    priceDetail: {
      ...solution.priceDetail,
      priceList: [adult, { ...adult, passengerType: 'child' }],
      total: { amount: '2000.00', currency: 'CNY' },
    },
  };
}

const ORDER = fullOrder({
  id: 'ord-1',
  bookingNumber: 'FO20300501001',
  price: { ...fullOrder().price, orderTotal: { amount: '2000.00', currency: 'CNY' } },
  paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
});

async function open(solution: Solution) {
  await prepare(SESSIONS.operator);
  server.use(
    http.get('/base/v2/often-used-passengers', () =>
      HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 })),
    ),
    http.get('/order/v2/flight/config/payment', () =>
      HttpResponse.json(
        envelope([
          { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance', feePercent: 0 },
          { channel: 'stripe', flow: 'redirect', labelKey: 'payment.channel.stripe', feePercent: 0 },
        ]),
      ),
    ),
  );
  useFlightSearchStore.getState().setVerified({ solution, clearPassengers: false });
  const view = renderApp('/flight/booking/confirm');
  await screen.findByTestId('booking-form', {}, WAIT);
  return view;
}

interface Person {
  surname?: string;
  given?: string;
  gender?: 'Male' | 'Female';
  birthday?: string;
  nationality?: string;
  number?: string;
  expiry?: string;
}

/** Sets a text field at once (typing every character is slow in jsdom). */
function setText(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function fill(index: number, p: Person) {
  const card = within(screen.getByTestId(`passenger-card-${index}`));
  if (p.surname) setText(card.getByLabelText('Surname'), p.surname);
  if (p.given) setText(card.getByLabelText('Given names'), p.given);
  if (p.gender) await userEvent.click(card.getByLabelText(p.gender));
  if (p.birthday) setText(card.getByLabelText('Birthday'), p.birthday);
  if (p.nationality) {
    const select = card.getByLabelText('Nationality');
    await userEvent.click(select);
    setText(select, p.nationality);
    await screen.findAllByTitle(p.nationality);
    const options = document.querySelectorAll(`.ant-select-item-option[title="${p.nationality}"]`);
    await userEvent.click(options[options.length - 1] as HTMLElement);
  }
  if (p.number) setText(card.getByLabelText('Document number'), p.number);
  if (p.expiry) setText(card.getByLabelText('Expiry date'), p.expiry);
}

const ADULT: Person = {
  surname: 'SMITH',
  given: 'JOHN',
  gender: 'Male',
  birthday: '1980-02-03',
  nationality: 'China (CN)',
  number: 'E12345678',
  expiry: '2035-01-01',
};
const CHILD: Person = {
  ...ADULT,
  given: 'AMY',
  gender: 'Female',
  birthday: '2022-05-02',
  number: 'E87654321',
};

async function fillContact(email = 'ops@example.com', phone = '13800138000') {
  const contact = within(screen.getByTestId('contact-card'));
  setText(contact.getByLabelText('Contact name'), 'Li Lei');
  setText(contact.getByLabelText('Email'), email);
  setText(contact.getByLabelText('Phone'), phone);
  return Promise.resolve();
}

const submit = () => userEvent.click(screen.getByTestId('submit-booking'));

describe('booking form', () => {
  it('shows one card per passenger of the price list', async () => {
    await open(withChild(makeSolution({ id: 'sol-1' })));
    expect(screen.getByTestId('passenger-card-0')).toHaveTextContent('Adult');
    expect(screen.getByTestId('passenger-card-1')).toHaveTextContent('Child');
    expect(screen.queryByTestId('passenger-card-2')).not.toBeInTheDocument();
  });

  // The rules themselves have table tests in the domain (passenger-rules.test.ts); this checks they
  // are wired to the right fields, with the travel date and fare of the solution and the date text.
  it('shows each rule message on its field: passenger rules with the fare and travel date, the contact', async () => {
    await open(withChild(makeSolution({ id: 'sol-1' }), { eligibleCountries: ['US'] }));
    await fill(0, { ...ADULT, surname: 'SM1TH', birthday: undefined, expiry: undefined });
    const adultCard = screen.getByTestId('passenger-card-0');
    await userEvent.click(within(adultCard).getByLabelText('Birthday'));
    await userEvent.paste('1980/02/03');
    await fill(1, { birthday: '2015-01-01' });
    await fillContact('not-an-email', '12345');
    await submit();
    const adult = within(adultCard);
    const child = within(screen.getByTestId('passenger-card-1'));
    expect(await adult.findByText('Surname: English letters A-Z only', {}, WAIT)).toBeInTheDocument();
    expect(await adult.findByText('Please enter the expiry date', {}, WAIT)).toBeInTheDocument();
    expect(await adult.findByText('Nationality not eligible for this fare', {}, WAIT)).toBeInTheDocument();
    expect(adult.getByLabelText('Birthday')).toHaveValue('1980/02/03');
    expect(await adult.findByText('Enter the date as yyyy-mm-dd', {}, WAIT)).toBeInTheDocument();
    expect(
      await child.findByText('Passenger type does not match the birthday on the travel date', {}, WAIT),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid email address', {}, WAIT)).toBeInTheDocument();
    expect(
      await screen.findByText('The phone number is not valid for area code +86', {}, WAIT),
    ).toBeInTheDocument();
  }, 60000);

  it('creates the order with an Idempotency-Key and the contract names, then pays from the balance', async () => {
    const requests: { key: string | null; body: Record<string, unknown> }[] = [];
    let payKey: string | null = null;
    const { router } = await open(withChild(makeSolution({ id: 'sol-1' })));
    server.use(
      http.post('/order/v2/flight/orders', async ({ request }) => {
        requests.push({
          key: request.headers.get('Idempotency-Key'),
          body: (await request.json()) as Record<string, unknown>,
        });
        return HttpResponse.json(envelope(ORDER));
      }),
      http.post('/order/v2/flight/orders/:id/payment', ({ request }) => {
        payKey = request.headers.get('Idempotency-Key');
        return HttpResponse.json(envelope({ status: 'paid', order: ORDER }));
      }),
    );
    await fill(0, ADULT);
    await fill(1, CHILD);
    await fillContact();
    await submit();
    const panel = await screen.findByTestId('payment-panel', {}, WAIT);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]?.body).toEqual({
      solutionId: 'sol-1',
      passengers: [
        {
          type: 'adult',
          surname: 'SMITH',
          given_names: 'JOHN',
          gender: 'male',
          birthday: '1980-02-03',
          nationality: 'CN',
          travel_document: {
            type: 'passport',
            interfaceType: 'passport',
            number: 'E12345678',
            expiryDate: '2035-01-01',
          },
        },
        expect.objectContaining({ type: 'child', given_names: 'AMY', birthday: '2022-05-02' }),
      ],
      contact: { name: 'Li Lei', email: 'ops@example.com', phone: { areaCode: '86', number: '13800138000' } },
    });
    expect(within(panel).getByTestId('booking-number')).toHaveTextContent('FO20300501001');
    expect(within(panel).getByTestId('order-total')).toHaveTextContent('CNY 2,000.00');
    // The button is enabled once the agency's channels have loaded and the balance is chosen.
    await waitFor(() => expect(within(panel).getByTestId('pay-button')).toBeEnabled(), WAIT);
    await userEvent.click(within(panel).getByTestId('pay-button'));
    await userEvent.click(await screen.findByTestId('balance-pay-confirm', {}, WAIT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/orders/ord-1'), WAIT);
    expect(payKey).toMatch(/^[0-9a-f-]{36}$/);
  }, 60000);

  it('quote changed: shows old and new price as every price (grouped); accepting books the new solution', async () => {
    const ids: string[] = [];
    const keys: (string | null)[] = [];
    const repriced = { ...makeSolution({ id: 'sol-2', total: '1200.00' }) };
    await open(makeSolution({ id: 'sol-1' }));
    server.use(
      http.post('/order/v2/flight/orders', async ({ request }) => {
        const body = (await request.json()) as { solutionId: string };
        ids.push(body.solutionId);
        keys.push(request.headers.get('Idempotency-Key'));
        if (body.solutionId === 'sol-1')
          return HttpResponse.json(
            envelope(
              {
                outcome: 'price_changed',
                solution: repriced,
                previousTotal: { amount: '1000.00', currency: 'CNY' },
              },
              500004,
              'quote changed',
            ),
            { status: 409 },
          );
        return HttpResponse.json(envelope(ORDER));
      }),
    );
    await fill(0, ADULT);
    await fillContact();
    await submit();
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByTestId('quote-old-price')).toHaveTextContent('CNY 1,000.00');
    expect(within(dialog).getByTestId('quote-new-price')).toHaveTextContent('CNY 1,200.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept new price and book' }));
    expect(await screen.findByTestId('payment-panel', {}, WAIT)).toBeInTheDocument();
    expect(ids).toEqual(['sol-1', 'sol-2']);
    expect(keys[1]).not.toBe(keys[0]);
  }, 60000);

  it('possible duplicate: lists the live bookings, asks for a reason and books again with it', async () => {
    const bodies: { duplicateConfirmed?: { reason: string } }[] = [];
    const keys: (string | null)[] = [];
    await open(makeSolution({ id: 'sol-1' }));
    server.use(
      http.post('/order/v2/flight/orders', async ({ request }) => {
        const body = (await request.json()) as { duplicateConfirmed?: { reason: string } };
        bodies.push(body);
        keys.push(request.headers.get('Idempotency-Key'));
        if (!body.duplicateConfirmed)
          return HttpResponse.json(
            envelope(
              {
                duplicates: [
                  {
                    bookingNumber: 'F20300501000123',
                    passenger: 'SMITH/JOHN',
                    flight: 'MU5101',
                    date: '2030-05-01',
                  },
                ],
              },
              500020,
              'duplicate',
            ),
            { status: 409 },
          );
        return HttpResponse.json(envelope(ORDER));
      }),
    );
    await fill(0, ADULT);
    await fillContact();
    await submit();
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Possible duplicate booking')).toBeInTheDocument();
    const row = within(within(dialog).getByTestId('duplicate-bookings'))
      .getByText('F20300501000123')
      .closest('tr');
    expect(row).toHaveTextContent('SMITH/JOHN');
    expect(row).toHaveTextContent('MU5101');
    expect(row).toHaveTextContent('2030-05-01');
    const book = within(dialog).getByRole('button', { name: 'Book anyway' });
    expect(book).toBeDisabled();
    const reason = within(dialog).getByLabelText('Reason for booking anyway');
    setText(reason, '   ');
    expect(book).toBeDisabled();
    expect(reason).toHaveAttribute('maxlength', String(DUPLICATE_REASON_MAX));
    setText(reason, ' Second trip of a split group ');
    await userEvent.click(book);
    expect(await screen.findByTestId('payment-panel', {}, WAIT)).toBeInTheDocument();
    expect(bodies.map((b) => b.duplicateConfirmed)).toEqual([
      undefined,
      { reason: 'Second trip of a split group' },
    ]);
    expect(keys[1]).not.toBe(keys[0]);
  }, 120_000);

  it('possible duplicate: not booking closes the question without booking again', async () => {
    let calls = 0;
    await open(makeSolution({ id: 'sol-1' }));
    server.use(
      http.post('/order/v2/flight/orders', () => {
        calls += 1;
        return HttpResponse.json(
          envelope(
            {
              duplicates: [
                {
                  bookingNumber: 'F20300501000123',
                  passenger: 'SMITH/JOHN',
                  flight: 'MU5101',
                  date: '2030-05-01',
                },
              ],
            },
            500020,
            'duplicate',
          ),
          { status: 409 },
        );
      }),
    );
    await fill(0, ADULT);
    await fillContact();
    await submit();
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do not book' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(calls).toBe(1);
    expect(screen.queryByTestId('payment-panel')).not.toBeInTheDocument();
  }, 120_000);

  it('maps server passenger errors to their fields', async () => {
    await open(makeSolution({ id: 'sol-1' }));
    server.use(
      http.post('/order/v2/flight/orders', () =>
        HttpResponse.json(
          envelope(
            {
              errors: [
                { path: 'passengers.0.travel_document.number', key: 'passenger.documentNumber.invalid' },
              ],
            },
            700001,
            'invalid',
          ),
          { status: 400 },
        ),
      ),
    );
    await fill(0, ADULT);
    await fillContact();
    await submit();
    expect(
      await within(screen.getByTestId('passenger-card-0')).findByText(
        'The document number is not valid for this document type',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  }, 60000);

  it('fills a card from a passport image and asks to check it; an unreadable one changes nothing', async () => {
    await open(makeSolution({ id: 'sol-1' }));
    let readable = true;
    server.use(
      http.post('/base/v2/analysis/document', () =>
        readable
          ? HttpResponse.json(
              envelope(
                makeDocumentReading({
                  surname: 'ERIKSSON',
                  given_names: 'ANNA MARIA',
                  gender: 'female',
                  birthday: '1974-08-12',
                  nationality: 'SE',
                  travel_document: {
                    type: 'passport',
                    interfaceType: 'passport',
                    number: 'L898902C3',
                    expiryDate: '2032-04-15',
                  },
                }),
              ),
            )
          : HttpResponse.json(envelope(null, 700005, 'unreadable'), { status: 422 }),
      ),
    );
    const card = screen.getByTestId('passenger-card-0');
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    const image = new File(['png'], 'passport.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [image] } });
    await waitFor(() => expect(within(card).getByLabelText('Surname')).toHaveValue('ERIKSSON'), WAIT);
    expect(within(card).getByLabelText('Document number')).toHaveValue('L898902C3');
    expect(within(card).getByLabelText('Expiry date')).toHaveValue('2032-04-15');
    expect(within(card).getByTestId('passenger-filled-0')).toBeInTheDocument();
    readable = false;
    const unreadable = new File(['png'], 'blurred.png', { type: 'image/png' });
    const again = card.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [unreadable] } });
    expect(
      await within(card).findByText(
        'The passport could not be read from this image; please enter the details by hand',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('Surname')).toHaveValue('ERIKSSON');
  }, 60000);

  it('refuses a file that is not a jpg or png, or larger than 10 MB', async () => {
    await open(makeSolution({ id: 'sol-1' }));
    const card = screen.getByTestId('passenger-card-0');
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(card).findByText('The image must be at most 10 MB', {}, WAIT)).toBeInTheDocument();
  }, 60000);
});
