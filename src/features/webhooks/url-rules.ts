/**
 * What a webhook URL may look like, checked when it is saved (dashboard and v1 API). A literal
 * IP in a blocked range is refused here already; a NAME is checked again at every delivery
 * (src/lib/net-guard.ts resolveSafely), because what it resolves to can change at any time.
 */
import { isIP } from 'node:net';
import { isBlockedAddress } from '../../lib/net-guard.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
const MAX_HOSTNAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export interface UrlRuleOptions {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: lets tests and local development use localhost etc. */
  allowPrivateNetworks: boolean;
}

const fail = (message: string): UrlCheck => ({ ok: false, message });

/**
 * Add `https://` to a bare domain ("hooks.example.com/x", "hooks.example.com:8443/x"), keep an
 * explicit scheme as it is so it can be refused with a clear message ("http:", "ftp:",
 * "javascript:"), and make a scheme-relative "//host/x" https.
 */
function withScheme(raw: string): string {
  if (raw.startsWith('//')) return `https:${raw}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
  // "host:8443/path" parses as scheme "host"; a port number after the colon means it is a host.
  if (scheme && !/^[a-z][a-z0-9+.-]*:\d+(?:[/?#]|$)/i.test(raw)) return raw;
  return `https://${raw}`;
}

function checkHostname(hostname: string, options: UrlRuleOptions): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (options.allowPrivateNetworks) return null;
    const reason = isBlockedAddress(bare);
    return reason ? `the address ${bare} is not allowed (${reason})` : null;
  }
  const name = bare.endsWith('.') ? bare.slice(0, -1) : bare;
  if (name.length === 0) return 'the URL has no host name';
  if (name.length > MAX_HOSTNAME_LENGTH) return `the host name is longer than ${MAX_HOSTNAME_LENGTH} characters`;
  const labels = name.split('.');
  for (const label of labels) {
    if (label.length === 0) return 'the host name has an empty label ("..")';
    if (label.length > MAX_LABEL_LENGTH) return `a host name label is longer than ${MAX_LABEL_LENGTH} characters`;
    // After WHATWG parsing, international names are punycode (xn--), so LDH (+ "_") covers all.
    if (!/^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/.test(label)) return `the host name label "${label}" is not valid`;
  }
  if (options.allowPrivateNetworks) return null;
  const last = labels[labels.length - 1] as string;
  // RFC 6761: *.localhost always means this machine, whatever DNS says.
  if (last === 'localhost') return 'localhost is not allowed';
  // A single label resolves through the server's search domains, i.e. to internal hosts.
  if (labels.length < 2) return 'the host name must be a fully qualified domain name (e.g. hooks.example.com)';
  if (/^\d+$/.test(last)) return 'the host name is not a valid domain name or IP address';
  return null;
}

/**
 * Normalise and validate a webhook URL as typed by a user. Returns the URL to store (WHATWG
 * serialisation: lower-case host, punycode, IPv4 shorthand expanded, fragment removed).
 */
export function normalizeWebhookUrl(raw: string, options: UrlRuleOptions): UrlCheck {
  const trimmed = raw.trim();
  if (trimmed.length === 0) return fail('the URL is empty');
  if (trimmed.length > MAX_WEBHOOK_URL_LENGTH) return fail(`the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  if (/[\s\u0000-\u001f\u007f]/.test(trimmed)) return fail('the URL must not contain spaces or control characters');
  let url: URL;
  try {
    url = new URL(withScheme(trimmed));
  } catch {
    return fail('the URL could not be parsed');
  }
  if (url.protocol === 'http:') return fail('the URL must use HTTPS (http:// is not allowed)');
  if (url.protocol !== 'https:') return fail(`the scheme ${url.protocol} is not supported; use https://`);
  if (url.username !== '' || url.password !== '') return fail('the URL must not contain a user name or password');
  const hostProblem = checkHostname(url.hostname, options);
  if (hostProblem) return fail(hostProblem);
  url.hash = '';
  const href = url.href;
  if (href.length > MAX_WEBHOOK_URL_LENGTH) return fail(`the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  return { ok: true, url: href };
}
