import { PlatformLoginBody, PlatformLoginResult, PlatformMe } from '../platform-schemas';
import { Done } from './common';
import { defineRoute } from './contract';

const tags = ['platform'];

export const platformLogin = defineRoute({
  method: 'POST',
  path: '/platform/v2/login',
  operationId: 'platformLogin',
  summary: 'Sign in to the platform back office',
  description:
    "Starts a platform admin's session: user name, password and the authenticator's current " +
    'six-digit code (TOTP), each code usable once. Failed attempts are limited per account and ' +
    'per address like agency logins. The token works on the /platform/v2/ routes only.',
  tags,
  body: PlatformLoginBody,
  response: PlatformLoginResult,
});

export const getPlatformMe = defineRoute({
  method: 'GET',
  path: '/platform/v2/me',
  operationId: 'getPlatformMe',
  summary: 'Read the signed-in platform admin',
  description: "The platform admin of the session, with their permissions and the session's end.",
  tags,
  response: PlatformMe,
});

export const platformLogout = defineRoute({
  method: 'DELETE',
  path: '/platform/v2/me',
  operationId: 'platformLogout',
  summary: 'Sign out of the platform back office',
  description: 'Ends the platform session on the server and writes the sign-out to the platform audit log.',
  tags,
  response: Done,
});
