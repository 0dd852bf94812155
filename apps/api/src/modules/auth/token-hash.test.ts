import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from './api-keys';
import { hashToken, newToken } from './session';

describe('token hashes', () => {
  it('are the SHA-256 in hex that the stored sessions and API keys hold', () => {
    for (const token of [newToken(), 'plt.abc', 'pk_live_ü€', '']) {
      const stored = crypto.createHash('sha256').update(token).digest('hex');
      expect(hashToken(token)).toBe(stored);
      expect(hashApiKey(token)).toBe(stored);
    }
  });
});
