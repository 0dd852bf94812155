import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import type { GroupPassengerList, GroupPassengerRowError } from '@portal/domain/group-passenger-list';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { GroupPassengerListPanel } from './group-passenger-list-panel';

const WAIT = { timeout: 30000 };
const SLOW = 40000;
const URL = '/order/v2/group/orders/:id/passengers';

const EMPTY: GroupPassengerList = {
  state: 'missing',
  counts: { adult: 9, child: 1, infant: 0 },
  deadline: '2026-12-20T00:00:00.000Z',
  restrictions: null,
  passengers: [],
  uploadedAt: null,
  confirmedAt: null,
  allowedActions: ['uploadPassengers'],
};

const UPLOADED: GroupPassengerList = {
  ...EMPTY,
  state: 'uploaded',
  uploadedAt: '2026-11-23T08:00:00.000Z',
  allowedActions: ['uploadPassengers', 'confirmPassengers'],
  passengers: [
    {
      position: 1,
      type: 'adult',
      surname: 'WANG',
      givenNames: 'WEI',
      gender: 'male',
      birthday: '1980-03-04',
      nationality: 'CN',
      documentType: 'passport',
      documentNumber: '****0001',
      documentExpiry: '2031-01-01',
    },
  ],
};

function renderPanel() {
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <GroupPassengerListPanel orderId="g1" locked={false} counts={{ adult: 9, child: 1, infant: 0 }} />
        </MemoryRouter>
      </AppProviders>
    </StyleProvider>,
  );
}

const xlsx = () =>
  new File(['PK'], 'list.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

describe('GroupPassengerListPanel', () => {
  it(
    'lists the errors of a refused upload by row and column in the user language',
    async () => {
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-cn' });
      await i18n.changeLanguage('zh-cn');
      const errors: GroupPassengerRowError[] = [
        { row: 4, column: 'surname', key: 'passenger.surname.letters', params: {} },
        { row: 5, column: 'gender', key: 'passengerList.gender.invalid', params: {} },
        {
          row: null,
          column: null,
          key: 'passenger.count.mismatch',
          params: { type: 'child', expected: 1, actual: 0 },
        },
      ];
      server.use(
        http.get(URL, () => HttpResponse.json(envelope(EMPTY))),
        http.post(URL, () =>
          HttpResponse.json(
            envelope(
              { errors },
              ERRORS.GROUP_PASSENGER_LIST_INVALID.code,
              '乘客名单有误，请修改所列的行后重新上传',
            ),
            { status: 400 },
          ),
        ),
      );
      renderPanel();
      const input = await waitFor(() => {
        const found = document.querySelector<HTMLInputElement>('input[type="file"]');
        if (!found) throw new Error('no file input');
        return found;
      }, WAIT);
      await userEvent.upload(input, xlsx());
      const refusal = await screen.findByTestId('group-passenger-refusal', {}, WAIT);
      expect(within(refusal).getByRole('alert')).toHaveTextContent('乘客名单有误，请修改所列的行后重新上传');
      // The errors' table loads with the first refusal that has rows to show.
      const table = await within(refusal).findByTestId('group-passenger-errors', {}, WAIT);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
      ).toEqual([
        ['4', '姓（英文）', '姓只能使用英文字母 A-Z'],
        ['5', '性别', '性别只能填写 male 或 female'],
        ['整个名单', '—', '儿童：名单中 0 名，应为 1 名'],
      ]);
      expect(screen.queryByTestId('group-passenger-confirm')).toBeNull();
    },
    SLOW,
  );

  it(
    'confirms the list only after a dialog says it cannot be changed afterwards',
    async () => {
      await prepare(SESSIONS.operator);
      let confirmed = 0;
      server.use(
        http.get(URL, () =>
          HttpResponse.json(
            envelope(confirmed ? { ...UPLOADED, state: 'confirmed', allowedActions: [] } : UPLOADED),
          ),
        ),
        http.post(`${URL}/confirmation`, () => {
          confirmed += 1;
          return HttpResponse.json(envelope({ ...UPLOADED, state: 'confirmed', allowedActions: [] }));
        }),
      );
      renderPanel();
      const table = await screen.findByTestId('group-passengers-table', {}, WAIT);
      expect(within(table).getByText('WANG/WEI')).toBeVisible();
      expect(within(table).getByText('Passport ****0001')).toBeVisible();

      await userEvent.click(screen.getByTestId('group-passenger-confirm'));
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      expect(dialog).toHaveTextContent('Once confirmed, the passenger list cannot be changed.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(confirmed).toBe(0);

      await userEvent.click(screen.getByTestId('group-passenger-confirm'));
      await userEvent.click(await screen.findByTestId('group-passenger-confirm-ok', {}, WAIT));
      await waitFor(() => expect(confirmed).toBe(1), WAIT);
      await waitFor(
        () => expect(screen.getByTestId('group-passenger-list-state')).toHaveTextContent('Confirmed'),
        WAIT,
      );
      expect(screen.queryByTestId('group-passenger-confirm')).toBeNull();
      expect(screen.queryByTestId('group-passenger-upload')).toBeNull();
    },
    SLOW,
  );

  it(
    'says when no list was uploaded yet, and shows the load error with a retry',
    async () => {
      await prepare(SESSIONS.operator);
      let fail = true;
      server.use(
        http.get(URL, () =>
          fail
            ? HttpResponse.json(envelope(null, 100500, 'Server error'), { status: 500 })
            : HttpResponse.json(envelope(EMPTY)),
        ),
      );
      renderPanel();
      const error = await screen.findByTestId('list-error', {}, WAIT);
      fail = false;
      await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(/No passenger list uploaded yet/, {}, WAIT)).toBeVisible();
      expect(screen.getByTestId('group-passenger-upload')).toBeVisible();
    },
    SLOW,
  );
});
