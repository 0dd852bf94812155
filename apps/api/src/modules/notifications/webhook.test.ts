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

/** Loopback, private and link-local IPv4 addresses written in the IPv6 forms that carry one. */
const PRIVATE_IN_IPV6: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::10.0.0.1', 'IPv4-compatible private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::ffff:0:127.0.0.1', 'SIIT loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
];

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
    ['fe80::1%eth0', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700::1111', false],
    ['not-an-ip', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it.each(PRIVATE_IN_IPV6)('%s (%s) is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['::ffff:8.8.8.8', 'IPv4-mapped, public'],
    ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
    ['64:ff9b::8.8.8.8', 'NAT64 of 8.8.8.8, dotted'],
    ['2002:808:808::1', '6to4 of 8.8.8.8'],
    ['2606:4700:4700::1111', 'global unicast'],
  ])('%s (%s) is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('must be https URLs (http where allowed) without credentials', () => {
    const strict = { allowHttp: false, allowPrivate: false };
    expect(webhookUrlProblem('https://hooks.example.com/x', strict)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', strict)).toMatch(/scheme http: is not https/);
    expect(webhookUrlProblem('http://hooks.example.com/x', { ...strict, allowHttp: true })).toBeNull();
    expect(webhookUrlProblem('ftp://hooks.example.com/x', { ...strict, allowHttp: true })).toMatch(/scheme/);
    expect(webhookUrlProblem('file:///etc/passwd', strict)).toMatch(/scheme/);
    expect(webhookUrlProblem('https://u:p@hooks.example.com/', strict)).toMatch(/credentials/);
    expect(webhookUrlProblem('nonsense', strict)).toBe('not a URL');
  });

  it.each(PRIVATE_IN_IPV6)('refuses https://[%s]/ (%s) unless private targets are allowed', (address) => {
    const url = `https://[${address}]/hook`;
    expect(webhookUrlProblem(url, { allowHttp: false, allowPrivate: false })).toMatch(
      /refused private address/,
    );
    expect(webhookUrlProblem(url, { allowHttp: false, allowPrivate: true })).toBeNull();
  });

  it.each(PRIVATE_IN_IPV6)('refuses to deliver to https://[%s]/ (%s) without connecting', async (address) => {
    const result = await postWebhook(
      `https://[${address}]:9/x`,
      '{}',
      {},
      { allowPrivate: false, timeoutMs: 5_000 },
    );
    expect(result).toEqual({
      ok: false,
      status: null,
      error: expect.stringMatching(/^refused private address/),
    });
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
