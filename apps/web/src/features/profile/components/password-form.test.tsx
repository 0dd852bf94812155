import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { passengerApi } from '../test/passenger-api';

describe('password form', () => {
  it('rejects a 5-character password and a mismatched confirmation', async () => {
    await prepare(SESSIONS.operator);
    server.use(...passengerApi([]).handlers);
    renderApp('/profile');
    await userEvent.type(await screen.findByLabelText('Current password'), 'demo1234');
    await userEvent.type(screen.getByLabelText('New password'), 'abcde');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must be 6 to 15 characters')).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });
});
