/**
 * Chat-group robots (DingTalk, Feishu/Lark, WeCom). A webhook whose URL is a robot gets a
 * readable Markdown message in the robot's own JSON format instead of the signed envelope,
 * signed the robot's way when the user gave a signing secret. Robots answer HTTP 200 even when
 * they refuse a message; the error code in the body decides. Their documented rate limits are
 * exposed so the delivery job can delay instead of being refused:
 *  - DingTalk: 20 messages/minute per robot (open.dingtalk.com, custom robot "消息发送频率限制")
 *  - WeCom:    20 messages/minute per robot (developer.work.weixin.qq.com, 群机器人配置说明)
 *  - Feishu:   100 requests/minute and 5/second per robot (open.feishu.cn, 自定义机器人使用指南)
 */
import { createHmac } from 'node:crypto';
import { EVENT_CATALOGUE, type EventName } from '../events/catalogue.js';
import { sendWebhook, type DeliveryResult, type SendWebhookInput } from './transport.js';

export type RobotKind = 'dingtalk' | 'feishu' | 'wecom';

/**
 * Recognise a robot URL by host and path. The port is ignored on purpose: tests point the real
 * robot host names at local receivers (injected DNS + an unusual port).
 */
export function detectRobot(rawUrl: string): RobotKind | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host === 'oapi.dingtalk.com' && url.pathname === '/robot/send' && url.searchParams.get('access_token')) return 'dingtalk';
  if ((host === 'open.feishu.cn' || host === 'open.larksuite.com') && /^\/open-apis\/bot\/v2\/hook\/[^/]+$/.test(url.pathname)) {
    return 'feishu';
  }
  if (host === 'qyapi.weixin.qq.com' && url.pathname === '/cgi-bin/webhook/send' && url.searchParams.get('key')) return 'wecom';
  return null;
}

// ---- message text -----------------------------------------------------------------------------

export interface RobotEvent {
  eventId: string;
  event: EventName;
  brandId: string;
  /** The envelope's data object (catalogue fields). */
  data: Readonly<Record<string, unknown>>;
  /** ISO 8601 time of the event. */
  occurredAt: string;
}

/** WeCom refuses markdown content over 4096 bytes; the others allow more but 4 KB reads fine. */
export const MAX_MARKDOWN_BYTES = 4096;

/** One line of a value: no newlines (they would break the list), bounded length. */
function inline(value: unknown): string {
  const text = value === null || value === undefined ? '—' : String(value);
  const flat = text.replace(/[\r\n]+/g, ' ');
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

/** Cut a string to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes - 3) break; // room for "…"
    out += ch;
    bytes += size;
  }
  return `${out}…`;
}

export function robotTitle(event: RobotEvent): string {
  return `Sightline · ${EVENT_CATALOGUE[event.event].label}`;
}

/** The Markdown body shared by the three robots (lists + bold + links: the common subset). */
export function robotMarkdown(event: RobotEvent, options: { heading: boolean }): string {
  const spec = EVENT_CATALOGUE[event.event];
  const lines: string[] = [];
  if (options.heading) lines.push(`### ${robotTitle(event)}`, '');
  lines.push(`${spec.description} (\`${event.event}\`)`, '');
  lines.push(`- **brandId**: ${inline(event.brandId)}`);
  for (const field of spec.fields) {
    if (field.name === 'brandId') continue;
    const value = event.data[field.name];
    const shown = field.type === 'url' && typeof value === 'string' ? `[${inline(value)}](${value})` : inline(value);
    lines.push(`- **${field.name}**: ${shown}`);
  }
  lines.push('', `时间 ${event.occurredAt} · eventId ${event.eventId}`);
  return truncateUtf8(lines.join('\n'), MAX_MARKDOWN_BYTES);
}

// ---- signing ----------------------------------------------------------------------------------

/** DingTalk: sign = urlencode(base64(HMAC-SHA256(key=secret, "<timestamp ms>\n<secret>"))). */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** Feishu: sign = base64(HMAC-SHA256(key="<timestamp s>\n<secret>", message="")). */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

export interface RobotRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Build the robot's request. `signingSecret` applies to DingTalk and Feishu (WeCom has none). */
export function buildRobotRequest(kind: RobotKind, url: string, event: RobotEvent, signingSecret?: string, nowMs = Date.now()): RobotRequest {
  const headers = { 'Content-Type': 'application/json; charset=utf-8' };
  const title = robotTitle(event);
  if (kind === 'dingtalk') {
    const target = new URL(url);
    if (signingSecret) {
      target.searchParams.set('timestamp', String(nowMs));
      target.searchParams.set('sign', dingtalkSign(signingSecret, nowMs)); // URLSearchParams url-encodes it
    }
    const body = { msgtype: 'markdown', markdown: { title, text: robotMarkdown(event, { heading: true }) } };
    return { url: target.href, body: JSON.stringify(body), headers };
  }
  if (kind === 'feishu') {
    const card = {
      config: { wide_screen_mode: true },
      header: { title: { tag: 'plain_text', content: title }, template: 'blue' },
      elements: [{ tag: 'div', text: { tag: 'lark_md', content: robotMarkdown(event, { heading: false }) } }],
    };
    const seconds = Math.floor(nowMs / 1000);
    const signing = signingSecret ? { timestamp: String(seconds), sign: feishuSign(signingSecret, seconds) } : {};
    return { url, body: JSON.stringify({ ...signing, msg_type: 'interactive', card }), headers };
  }
  const body = { msgtype: 'markdown', markdown: { content: robotMarkdown(event, { heading: true }) } };
  return { url, body: JSON.stringify(body), headers };
}

// ---- replies ----------------------------------------------------------------------------------

// Codes that mean "too fast": the job should wait a minute rather than count a hard failure.
const RATE_LIMIT_CODES: Record<RobotKind, readonly number[]> = {
  dingtalk: [130101, 410100],
  wecom: [45009],
  feishu: [9499, 11232],
};

/**
 * Judge an HTTP-level success by the robot's own code. DingTalk and WeCom answer
 * {errcode, errmsg}; Feishu answers {code, msg} (older deployments {StatusCode, StatusMessage}).
 * A 200 whose body cannot be read as such is a failure too: it is not a robot we understand.
 */
export function interpretRobotReply(kind: RobotKind, result: DeliveryResult): DeliveryResult {
  if (!result.ok) return result;
  let reply: Record<string, unknown>;
  try {
    reply = JSON.parse(result.responseSnippet) as Record<string, unknown>;
  } catch {
    return { ...result, ok: false, errorKind: 'robot_error', error: `${kind}: unreadable reply` };
  }
  const code = kind === 'feishu' ? (reply.code ?? reply.StatusCode) : reply.errcode;
  const message = kind === 'feishu' ? (reply.msg ?? reply.StatusMessage) : reply.errmsg;
  if (code === 0) return result;
  const codeText = typeof code === 'number' ? code : 'missing';
  const limited = typeof code === 'number' && RATE_LIMIT_CODES[kind].includes(code);
  return {
    ...result,
    ok: false,
    errorKind: 'robot_error',
    error: `${kind} error ${codeText}: ${inline(message ?? 'no message')}`,
    retryAfterMs: limited ? Math.max(result.retryAfterMs ?? 0, 60_000) : result.retryAfterMs,
  };
}

export interface SendRobotInput extends Omit<SendWebhookInput, 'url' | 'body' | 'headers'> {
  url: string;
  event: RobotEvent;
  signingSecret?: string;
  nowMs?: number;
}

/** Format, sign, send through the SSRF-safe transport, and judge the robot's reply. */
export async function sendRobotMessage(input: SendRobotInput): Promise<DeliveryResult> {
  const kind = detectRobot(input.url);
  if (!kind) throw new Error('not a chat-group robot URL');
  const { event, signingSecret, nowMs, ...transport } = input;
  const request = buildRobotRequest(kind, input.url, event, signingSecret, nowMs);
  const result = await sendWebhook({ ...transport, url: request.url, body: request.body, headers: request.headers });
  return interpretRobotReply(kind, result);
}

// ---- pacing -----------------------------------------------------------------------------------

export interface RateWindow {
  max: number;
  windowMs: number;
}

export function robotRateLimit(kind: RobotKind): readonly RateWindow[] {
  switch (kind) {
    case 'dingtalk':
    case 'wecom':
      return [{ max: 20, windowMs: 60_000 }];
    case 'feishu':
      return [
        { max: 100, windowMs: 60_000 },
        { max: 5, windowMs: 1_000 },
      ];
  }
}

/**
 * Earliest time (ms) a new message may be sent, given the send times already made to the same
 * robot (any order). `now` or earlier means "send now". Pure, so the job can persist `history`.
 */
export function nextAllowedAt(history: readonly number[], limit: readonly RateWindow[], now: number): number {
  let earliest = now;
  for (const { max, windowMs } of limit) {
    const recent = history.filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
    if (recent.length < max) continue;
    // The window frees up when the oldest send that keeps it full slides out.
    const blocking = recent[recent.length - max] as number;
    earliest = Math.max(earliest, blocking + windowMs);
  }
  return earliest;
}
