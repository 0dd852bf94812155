import {
  CreatedUser,
  CreateUserBody,
  ManagedUser,
  PasswordResetResult,
  UpdateUserBody,
  UserIdParams,
  UserList,
  UserListQuery,
} from '../users';
import { Done, NoBody } from './common';
import { defineRoute } from './contract';

const tags = ['users'];

export const listUsers = defineRoute({
  method: 'GET',
  path: '/base/v2/users',
  operationId: 'listUsers',
  summary: "List the agency's users",
  description:
    "One page of the caller's agency users, filtered by name and role; every user of the agency may list them.",
  tags,
  query: UserListQuery,
  response: UserList,
});

export const createUser = defineRoute({
  method: 'POST',
  path: '/base/v2/users',
  operationId: 'createUser',
  summary: 'Add a user to the agency',
  description:
    "The agency's SuperUser adds a user with roles; answers the user with the first password, shown " +
    'this once. Written to the user log.',
  tags,
  body: CreateUserBody,
  response: CreatedUser,
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/base/v2/users/:id',
  operationId: 'updateUser',
  summary: "Change a user's data and roles",
  description:
    "The agency's SuperUser changes a user of the agency (name, contacts, roles, enabled). Written to the user log.",
  tags,
  params: UserIdParams,
  body: UpdateUserBody,
  response: ManagedUser,
});

export const resetUserPassword = defineRoute({
  method: 'POST',
  path: '/base/v2/users/:id/password',
  operationId: 'resetUserPassword',
  summary: "Reset a user's password",
  description:
    "The agency's SuperUser gives a user a new random password, answered this once; the user's " +
    'sessions end. Written to the user log.',
  tags,
  params: UserIdParams,
  body: NoBody,
  response: PasswordResetResult,
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/base/v2/users/:id',
  operationId: 'deleteUser',
  summary: 'Delete a user',
  description:
    "The agency's SuperUser removes a user of the agency; their sessions end. Written to the user log.",
  tags,
  params: UserIdParams,
  response: Done,
});
