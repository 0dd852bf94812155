import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { passengerApi } from '../test/passenger-api';

describe('profile info form', () => {
  it('names every field by its label, the read-only username and email included', async () => {
    const session = SESSIONS.operator;
    await prepare(session);
    server.use(...passengerApi([]).handlers);
    renderApp('/profile');
    expect(await screen.findByLabelText('Username')).toHaveValue(session.userInfo.username);
    expect(screen.getByLabelText('Email')).toHaveValue(session.userInfo.email);
    expect(screen.getByLabelText('Nickname')).toHaveValue(session.userInfo.nickname);
  });
});
