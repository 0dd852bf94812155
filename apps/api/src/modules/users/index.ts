/** What the users module offers the other modules; nothing else of it may be imported. */
export type { PasswordHasher } from './password';
export { recordUserAction } from './user-log';
export { canSignIn, presentUser } from './users.presenter';
export {
  findUserById,
  insertUser,
  setConfigValue,
  updatePasswordHash,
  updateProfile,
  updateUser,
  usernameExists,
} from './users.repo';
export { userLogs, users } from './users.schema';
export type { UserRow } from './users.schema';
export { generatePassword } from './users.service';
