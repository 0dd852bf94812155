import { createPasswordHasher, type PasswordHasher } from './password';

/** The fast password hasher the test apps use, for tests that make users outside the routes. */
export function testPasswordHasher(): PasswordHasher {
  return createPasswordHasher(true);
}
