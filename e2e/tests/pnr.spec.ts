import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo';
import { PortalPage } from './support/portal-page';
import { xsrfHeaders } from './support/xsrf';

interface Segment {
  marketingCarrier: string;
  flightNumber: string;
  departure: { airport: string; time: string };
  arrival: { airport: string; time: string };
}
interface Found {
  legs: { segments: Segment[] }[];
  restrictions: { productType: string };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** A direct PEK-SHA flight the simulated suppliers sell in 30 days, found through the API. */
async function directFlight(request: APIRequestContext): Promise<Segment> {
  const login = await request.post('/base/v2/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}`, ...(await xsrfHeaders(request)) };
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const started = await request.post('/shopping/v2/flight/async-shopping', {
    headers,
    data: {
      journeys: [{ origin: 'PEK', destination: 'SHA', date }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabinClass: 'economy',
      bookingType: 'oneway',
      sort: 'price',
    },
  });
  const { searchId } = ((await started.json()) as { data: { searchId: string } }).data;
  let found: Segment | undefined;
  await expect(async () => {
    const res = await request.post('/shopping/v2/flight/async-shopping/solutions', {
      headers,
      data: { searchId },
    });
    const { data } = (await res.json()) as { data: { finished: boolean; solutions: Found[] } };
    expect(data.finished).toBe(true);
    const direct = data.solutions.find(
      (s) =>
        s.restrictions.productType === 'normal' && s.legs.length === 1 && s.legs[0]?.segments.length === 1,
    );
    found = direct?.legs[0]?.segments[0];
    expect(found).toBeDefined();
  }).toPass({ timeout: 30_000 });
  if (!found) throw new Error('no direct flight');
  return found;
}

/** The flight as a TravelSky eTerm display writes it: `CA1501 Y   MO21DEC  PEKSHA HK2   0800 1015`. */
function etermSegment(s: Segment): string {
  const day = new Date(`${s.departure.time.slice(0, 10)}T00:00:00Z`);
  const date = `${WEEKDAYS[day.getUTCDay()]}${s.departure.time.slice(8, 10)}${MONTHS[day.getUTCMonth()]}`;
  const hhmm = (t: string) => t.slice(11, 16).replace(':', '');
  const flight = `${s.marketingCarrier}${s.flightNumber}`.padEnd(7);
  return ` 3.  ${flight}Y   ${date}  ${s.departure.airport}${s.arrival.airport} HK2   ${hhmm(s.departure.time)} ${hhmm(s.arrival.time)}          E T3T2`;
}

test.describe('PNR mode', () => {
  test('a pasted eTerm PNR is read, confirmed, priced as exactly its flight, and books with its passengers', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const flight = await directFlight(request);
    const flightCode = `${flight.marketingCarrier}${flight.flightNumber}`;
    const pnr = [
      ' 1.ZHANG/SAN MR 2.SMITH/JOHN MR                                  JX4Y2K',
      ' 2.  ARNK',
      etermSegment(flight),
      ' 4.PEK/T PEK/T 010-64573899/BEIJING SKYWAY TRAVEL/ZHANG LI ABCDEFG',
      ' 5.TL/0600/20DEC/PEK123',
      ' 6.SSR FOID CA HK1 NI11010519491231002X/P1',
      ' 7.SSR DOCS CA HK1 P/GBR/533412988/GBR/12MAY80/M/15JAN35/SMITH/JOHN/P2',
      ' 8.OSI CA CTCT13800138000',
      ' 9.PEK123',
    ].join('\n');

    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('admin');
    await expect(page).toHaveURL('/flight/booking');
    await portal.waitForPage();
    const form = page.getByTestId('flight-search-form');
    await form.getByText('PNR code', { exact: true }).click();
    await form.getByLabel('PNR or itinerary text').fill(pnr);
    await form.getByRole('button', { name: 'Read PNR' }).click();

    const review = page.getByTestId('pnr-review');
    await expect(review.getByText('Record locator JX4Y2K')).toBeVisible();
    await expect(review.getByTestId('pnr-flights')).toContainText(flightCode);
    await expect(review.getByTestId('pnr-passengers')).toContainText('ZHANG/SAN MR');
    await expect(review.getByTestId('pnr-passengers')).toContainText('SMITH/JOHN MR');
    await expect(review.getByTestId('pnr-unread')).toContainText('Line 2');
    await portal.screenshot('pnr-review');

    await review.getByRole('button', { name: 'Price these flights' }).click();
    const cards = page.getByTestId('solution-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    for (const text of await cards.allTextContents()) expect(text).toContain(flightCode);
    await portal.screenshot('pnr-priced');

    await cards.first().getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL('/flight/booking/confirm', { timeout: 30_000 });
    const first = page.getByTestId('passenger-card-0');
    const second = page.getByTestId('passenger-card-1');
    await expect(first.getByLabel('Surname')).toHaveValue('ZHANG');
    await expect(first.getByLabel('Given names')).toHaveValue('SAN');
    await expect(first.getByLabel('Document number')).toHaveValue('11010519491231002X');
    await expect(first.getByLabel('Birthday')).toHaveValue('1949-12-31');
    await expect(second.getByLabel('Surname')).toHaveValue('SMITH');
    await expect(second.getByLabel('Given names')).toHaveValue('JOHN');
    await expect(second.getByLabel('Document number')).toHaveValue('533412988');
    await expect(second.getByLabel('Expiry date')).toHaveValue('2035-01-15');
    await portal.screenshot('pnr-prefilled-passengers');
  });
});
