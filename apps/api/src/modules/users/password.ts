import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP-recommended costs. */
const STRONG: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Cheap parameters for tests only: verification reads the parameters from the hash itself. */
const FAST: Options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification when the user does not exist, so timing reveals nothing. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(fast: boolean): PasswordHasher {
  const options = fast ? FAST : STRONG;
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('dummy-password-for-timing', options);
      try {
        await verify(await dummy, password);
      } catch {
        // ignore
      }
    },
  };
}
