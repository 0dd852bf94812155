import { LoginBody, LoginResult, MeResult, SingleLoginBody } from '../auth';
import { Done } from './common';
import { defineRoute } from './contract';

const tags = ['auth'];

export const login = defineRoute({
  method: 'POST',
  path: '/base/v2/login',
  operationId: 'login',
  summary: 'Log in with user name and password',
  description:
    'Starts a session for a user of an agency: answers the bearer token with the user, agency and ' +
    'settings the portal needs. Failed attempts are limited per account and per address.',
  tags,
  body: LoginBody,
  response: LoginResult,
});

export const singleLogin = defineRoute({
  method: 'POST',
  path: '/base/v2/single-login',
  operationId: 'singleLogin',
  summary: "Log in through a partner's signed link",
  description:
    "Starts a session from a partner system's signed single sign-on link (user, time and signature), " +
    'answering like a password login.',
  tags,
  body: SingleLoginBody,
  response: LoginResult,
});

export const getMe = defineRoute({
  method: 'GET',
  path: '/base/v2/me',
  operationId: 'getMe',
  summary: 'Read the logged-in user',
  description:
    "The caller's user, agency, roles, services and saved settings, as the portal shell needs them " +
    'after a reload.',
  tags,
  response: MeResult,
});

export const logout = defineRoute({
  method: 'DELETE',
  path: '/base/v2/me',
  operationId: 'logout',
  summary: 'Log out',
  description: "Ends the caller's session on the server and writes the logout to the user log.",
  tags,
  response: Done,
});
