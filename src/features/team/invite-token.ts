/**
 * Invitation tokens: `inv_` + 256 random bits (base64url). The URL carries the token; the
 * database keeps only its SHA-256, like sessions and keys (a random token needs no slow hash).
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_RE = /^inv_[A-Za-z0-9_-]{43}$/;

export const generateInviteToken = () => `inv_${randomBytes(32).toString('base64url')}`;
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isInviteToken = (value: string) => TOKEN_RE.test(value);

/**
 * The link to send: the token sits in the fragment, which browsers never send to a server, so it
 * stays out of access logs, proxies and Referer headers; the Team page reads it from there.
 */
export const inviteUrl = (base: string, token: string) => `${base.replace(/\/+$/, '')}/invite#token=${token}`;
