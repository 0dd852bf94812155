import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, postWebhook, signWebhook, webhookUrlProblem } from './webhook';

describe('webhook signatures', () => {
  it('are the HMAC-SHA256 of "<timestamp>.<body>" in hex, prefixed sha256=', () => {
    const body = '{"event":"order.booked"}';
    const expected = crypto.createHmac('sha256', 'k').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('k', '1700000000', body)).toBe(`sha256=${expected}`);
    expect(signWebhook('k', '1700000001', body)).not.toBe(`sha256=${expected}`);
  });
});

describe('webhook targets', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700::1111', false],
    ['not-an-ip', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('must be http or https URLs without credentials', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x')).toBeNull();
    expect(webhookUrlProblem('ftp://hooks.example.com/x')).toMatch(/scheme/);
    expect(webhookUrlProblem('file:///etc/passwd')).toMatch(/scheme/);
    expect(webhookUrlProblem('https://u:p@hooks.example.com/')).toMatch(/credentials/);
    expect(webhookUrlProblem('nonsense')).toBe('not a URL');
  });

  it('refuses a name that resolves to a loopback address when private targets are not allowed', async () => {
    const result = await postWebhook(
      'http://localhost:9/x',
      '{}',
      {},
      { allowPrivate: false, timeoutMs: 5_000 },
    );
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/refused private address/);
  });
});
