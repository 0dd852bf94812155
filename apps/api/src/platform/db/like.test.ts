import { describe, expect, it } from 'vitest';
import { likeContaining } from './like';

describe('likeContaining', () => {
  it('wraps the text in wildcards and escapes the pattern characters in it', () => {
    expect(likeContaining('ZHANG/SAN')).toBe('%ZHANG/SAN%');
    expect(likeContaining('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
