import {
  ChangePasswordBody,
  ConfigKeyParams,
  MeResult,
  SetConfigBody,
  UpdateMeBody,
  UserConfig,
} from '../auth';
import { Done } from './common';
import { defineRoute } from './contract';

const tags = ['auth'];

export const updateMe = defineRoute({
  method: 'PUT',
  path: '/base/v2/me',
  operationId: 'updateMe',
  summary: "Change the logged-in user's profile",
  description:
    "Saves the caller's own nickname, mobile number and avatar; answers the user as `GET /base/v2/me` does.",
  tags,
  body: UpdateMeBody,
  response: MeResult,
});

export const changePassword = defineRoute({
  method: 'PUT',
  path: '/base/v2/me/password',
  operationId: 'changePassword',
  summary: "Change the logged-in user's password",
  description:
    'Replaces the password after checking the old one; the new one must have 6 to 15 characters. ' +
    'Written to the user log.',
  tags,
  body: ChangePasswordBody,
  response: Done,
});

export const setConfig = defineRoute({
  method: 'PUT',
  path: '/base/v2/me/config/:key',
  operationId: 'setUserConfig',
  summary: 'Save one setting of the logged-in user',
  description:
    "Saves one of the caller's own settings (favourite cities, list columns...); the value's shape " +
    'depends on the key. Answers all settings.',
  tags,
  params: ConfigKeyParams,
  body: SetConfigBody,
  response: UserConfig,
});
