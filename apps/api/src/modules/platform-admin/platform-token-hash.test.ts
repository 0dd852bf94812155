import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPlatformToken } from './platform-sessions';

describe('platform token hashes', () => {
  it('are the SHA-256 in hex the stored platform sessions hold', () => {
    for (const token of ['plt.abc', 'plt.ü€', '']) {
      expect(hashPlatformToken(token)).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    }
  });
});
