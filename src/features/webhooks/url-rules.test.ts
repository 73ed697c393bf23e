import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_URL_LENGTH, normalizeWebhookUrl } from './url-rules.js';

const strict = { allowPrivateNetworks: false };
const lenient = { allowPrivateNetworks: true };

const ACCEPTED: [string, string][] = [
  ['https://hooks.example.com/x', 'https://hooks.example.com/x'],
  ['hooks.example.com/x', 'https://hooks.example.com/x'],
  ['hooks.example.com', 'https://hooks.example.com/'],
  ['hooks.example.com:8443/in?a=1', 'https://hooks.example.com:8443/in?a=1'],
  ['//hooks.example.com/x', 'https://hooks.example.com/x'],
  ['  HTTPS://Hooks.Example.COM/Path  ', 'https://hooks.example.com/Path'],
  ['https://hooks.example.com:443/x', 'https://hooks.example.com/x'],
  ['https://hooks.example.com/x#fragment', 'https://hooks.example.com/x'],
  ['https://bücher.example/hook', 'https://xn--bcher-kva.example/hook'],
  ['https://hooks.example.com./x', 'https://hooks.example.com./x'],
  ['https://8.8.8.8/x', 'https://8.8.8.8/x'],
  ['https://[2606:4700::1111]/x', 'https://[2606:4700::1111]/x'],
  ['https://oapi.dingtalk.com/robot/send?access_token=abc', 'https://oapi.dingtalk.com/robot/send?access_token=abc'],
  ['https://a_b.example.com/x', 'https://a_b.example.com/x'],
];

// [input, fragment of the message]
const REFUSED: [string, string][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['http://hooks.example.com/x', 'must use HTTPS'],
  ['HTTP://hooks.example.com/x', 'must use HTTPS'],
  ['ftp://hooks.example.com/x', 'scheme ftp: is not supported'],
  ['javascript:alert(1)', 'scheme javascript: is not supported'],
  ['mailto:ops@example.com', 'scheme mailto: is not supported'],
  ['file:///etc/passwd', 'scheme file: is not supported'],
  ['https://', 'could not be parsed'],
  ['https://exa mple.com/', 'spaces or control characters'],
  ['https://hooks.example.com/a\nb', 'spaces or control characters'],
  ['https://[::1', 'could not be parsed'],
  ['https://user:pass@hooks.example.com/x', 'user name or password'],
  ['https://user@hooks.example.com/x', 'user name or password'],
  ['https://localhost/x', 'localhost is not allowed'],
  ['https://api.localhost/x', 'localhost is not allowed'],
  ['localhost:3000/x', 'localhost is not allowed'],
  ['https://intranet/x', 'fully qualified'],
  ['https://127.0.0.1/x', 'loopback'],
  ['https://2130706433/x', 'loopback'],
  ['https://0x7f.1/x', 'loopback'],
  ['https://10.1.2.3/x', 'private 10.0.0.0/8'],
  ['https://169.254.169.254/latest/meta-data', 'link-local'],
  ['https://100.64.1.1/x', 'carrier-grade NAT'],
  ['https://[::1]/x', 'loopback ::1'],
  ['https://[::ffff:127.0.0.1]/x', 'IPv4-mapped'],
  ['https://[fd00::1]/x', 'unique-local'],
  ['https://[fe80::1]/x', 'link-local'],
  ['https://[64:ff9b::a00:1]/x', 'NAT64'],
  ['https://-bad.example.com/x', 'not valid'],
  ['https://bad-.example.com/x', 'not valid'],
  ['https://a..example.com/x', 'empty label'],
  [`https://${'a'.repeat(64)}.example.com/x`, 'longer than 63'],
  [`https://${`${'a'.repeat(60)}.`.repeat(5)}com/x`, 'longer than 253'],
  [`https://hooks.example.com/${'p'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, 'longer than 2048'],
];

describe('normalizeWebhookUrl', () => {
  it.each(ACCEPTED)('accepts %j as %s', (raw, expected) => {
    expect(normalizeWebhookUrl(raw, strict)).toEqual({ ok: true, url: expected });
  });

  it.each(REFUSED)('refuses %j (%s)', (raw, fragment) => {
    const result = normalizeWebhookUrl(raw, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(fragment);
  });

  it('allowPrivateNetworks lets local receivers through, but not http or credentials', () => {
    expect(normalizeWebhookUrl('https://127.0.0.1:8443/x', lenient)).toEqual({ ok: true, url: 'https://127.0.0.1:8443/x' });
    expect(normalizeWebhookUrl('localhost:3000/x', lenient)).toEqual({ ok: true, url: 'https://localhost:3000/x' });
    expect(normalizeWebhookUrl('https://[::1]:9000/', lenient)).toEqual({ ok: true, url: 'https://[::1]:9000/' });
    expect(normalizeWebhookUrl('https://receiver/x', lenient)).toEqual({ ok: true, url: 'https://receiver/x' });
    expect(normalizeWebhookUrl('http://127.0.0.1/x', lenient).ok).toBe(false);
    expect(normalizeWebhookUrl('https://u:p@127.0.0.1/x', lenient).ok).toBe(false);
  });

  it('accepts a URL of exactly 2048 characters', () => {
    const base = 'https://hooks.example.com/';
    const url = base + 'p'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect(normalizeWebhookUrl(url, strict)).toEqual({ ok: true, url });
  });
});
