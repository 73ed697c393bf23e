/**
 * Chat-group robots against a local HTTPS server that mimics their replies. The robots' real
 * host names are answered with 127.0.0.1 by an injected resolver, so the URLs stay exactly what
 * a user would paste (plus the local port) and nothing leaves the machine.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEventBody, sampleEventData } from '../../../src/features/events/catalogue.js';
import { detectRobot, nextAllowedAt, robotRateLimit, sendRobotMessage, type RobotEvent } from '../../../src/features/webhooks/robots.js';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { startReceiver, stubLookup, testAgentOptions, type Receiver } from '../../support/webhook-receiver.js';

let server: Receiver;
let reply: { status: number; body: string };
const agentOptions = testAgentOptions();
const lookup = stubLookup();

beforeAll(async () => {
  server = await startReceiver((_req, res) => res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body));
});
beforeEach(() => {
  server.received.length = 0;
});
afterAll(async () => {
  closeWebhookAgents();
  await server.close();
});

const at = new Date('2025-03-01T08:00:00.000Z');
function robotEvent(): RobotEvent {
  const data = sampleEventData('sentinel.triggered', 'brand_1', at);
  const built = buildEventBody({ event: 'sentinel.triggered', brandId: 'brand_1', data, occurredAt: at });
  return { eventId: built.eventId, event: 'sentinel.triggered', brandId: 'brand_1', data, occurredAt: at.toISOString() };
}

const urls = () => ({
  dingtalk: `https://oapi.dingtalk.com:${server.port}/robot/send?access_token=tok123`,
  feishu: `https://open.feishu.cn:${server.port}/open-apis/bot/v2/hook/hook-uuid`,
  lark: `https://open.larksuite.com:${server.port}/open-apis/bot/v2/hook/hook-uuid`,
  wecom: `https://qyapi.weixin.qq.com:${server.port}/cgi-bin/webhook/send?key=key-uuid`,
});

const send = (url: string, extra: { signingSecret?: string; nowMs?: number; event?: RobotEvent } = {}) =>
  sendRobotMessage({ url, event: extra.event ?? robotEvent(), allowPrivateNetworks: true, lookup, agentOptions, timeoutMs: 5000, ...extra });

/** The fields these tests read of a robot body: DingTalk and WeCom markdown, the Feishu / Lark card. */
interface RobotBody {
  msgtype: string;
  msg_type: string;
  timestamp: string;
  sign: string;
  markdown: { title: string; text: string; content: string };
  card: { header: { title: unknown }; elements: [{ text: { tag: string; content: string } }, ...unknown[]] };
}

const lastJson = () => JSON.parse(server.received.at(-1)!.body.toString('utf8')) as RobotBody;

describe('detectRobot', () => {
  it.each([
    ['https://oapi.dingtalk.com/robot/send?access_token=x', 'dingtalk'],
    ['https://open.feishu.cn/open-apis/bot/v2/hook/abc', 'feishu'],
    ['https://open.larksuite.com/open-apis/bot/v2/hook/abc', 'feishu'],
    ['https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=x', 'wecom'],
    ['https://oapi.dingtalk.com/robot/send', null],
    ['https://oapi.dingtalk.com.evil.example/robot/send?access_token=x', null],
    ['https://open.feishu.cn/open-apis/bot/v2/hook/', null],
    ['https://qyapi.weixin.qq.com/cgi-bin/webhook/send', null],
    ['http://oapi.dingtalk.com/robot/send?access_token=x', null],
    ['https://hooks.example.com/robot/send?access_token=x', null],
    ['not a url', null],
  ])('%s → %s', (url, kind) => {
    expect(detectRobot(url)).toBe(kind);
  });
});

describe('DingTalk', () => {
  it('sends a markdown message, signed by timestamp + sign in the query', async () => {
    reply = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
    const nowMs = Date.now();
    const result = await send(urls().dingtalk, { signingSecret: 'SEC123', nowMs });
    expect(result).toMatchObject({ ok: true, status: 200, errorKind: null });
    const got = server.received.at(-1)!;
    const query = new URL(got.url, 'https://x').searchParams;
    expect(query.get('access_token')).toBe('tok123');
    expect(query.get('timestamp')).toBe(String(nowMs));
    const expected = createHmac('sha256', 'SEC123').update(`${nowMs}\nSEC123`).digest('base64');
    expect(query.get('sign')).toBe(expected);
    expect(got.url).toContain(`sign=${encodeURIComponent(expected)}`);
    const body = lastJson();
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.title).toBe('Sightline · 哨兵告警');
    expect(body.markdown.text).toContain('### Sightline · 哨兵告警');
    expect(body.markdown.text).toContain('- **severity**: high');
    expect(body.markdown.text).toContain('- **incidentId**: inc_test');
    expect(body.markdown.text).toContain('sentinel.triggered');
  });

  it('sends no signature without a secret', async () => {
    reply = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
    await send(urls().dingtalk);
    expect(server.received.at(-1)!.url).toBe('/robot/send?access_token=tok123');
  });

  it('HTTP 200 with errcode != 0 is a failure carrying the robot message', async () => {
    reply = { status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' };
    expect(await send(urls().dingtalk, { signingSecret: 'wrong' })).toMatchObject({
      ok: false, status: 200, errorKind: 'robot_error', error: 'dingtalk error 310000: sign not match', retryAfterMs: null,
    });
    reply = { status: 200, body: '{"errcode":130101,"errmsg":"send too fast"}' };
    expect(await send(urls().dingtalk)).toMatchObject({ ok: false, errorKind: 'robot_error', retryAfterMs: 60_000 });
  });
});

describe('Feishu / Lark', () => {
  it('sends an interactive card with lark_md, signed in the body', async () => {
    reply = { status: 200, body: '{"code":0,"msg":"success","data":{}}' };
    const nowMs = Date.now();
    const result = await send(urls().feishu, { signingSecret: 'FSEC', nowMs });
    expect(result).toMatchObject({ ok: true, status: 200 });
    const body = lastJson();
    const seconds = Math.floor(nowMs / 1000);
    expect(body.timestamp).toBe(String(seconds));
    expect(body.sign).toBe(createHmac('sha256', `${seconds}\nFSEC`).update('').digest('base64'));
    expect(body.msg_type).toBe('interactive');
    expect(body.card.header.title).toEqual({ tag: 'plain_text', content: 'Sightline · 哨兵告警' });
    expect(body.card.elements[0].text.tag).toBe('lark_md');
    expect(body.card.elements[0].text.content).toContain('**title**: Test incident');
  });

  it('works the same for Lark, and unsigned bodies carry no sign', async () => {
    reply = { status: 200, body: '{"StatusCode":0,"StatusMessage":"success"}' };
    expect((await send(urls().lark)).ok).toBe(true);
    expect(lastJson()).not.toHaveProperty('sign');
  });

  it('HTTP 200 with code != 0 is a failure', async () => {
    reply = { status: 200, body: '{"code":19021,"msg":"sign match fail or timestamp is not within one hour from current time"}' };
    const result = await send(urls().feishu, { signingSecret: 'x' });
    expect(result).toMatchObject({ ok: false, errorKind: 'robot_error' });
    expect(result.error).toMatch(/^feishu error 19021: sign match fail/);
    reply = { status: 200, body: '{"code":9499,"msg":"too many request"}' };
    expect(await send(urls().feishu)).toMatchObject({ ok: false, retryAfterMs: 60_000 });
  });
});

describe('WeCom', () => {
  it('sends markdown content', async () => {
    reply = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
    expect(await send(urls().wecom)).toMatchObject({ ok: true });
    const body = lastJson();
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.content).toContain('### Sightline · 哨兵告警');
    expect(server.received.at(-1)!.url).toBe('/cgi-bin/webhook/send?key=key-uuid');
  });

  it('keeps content within 4096 bytes even for long Chinese values', async () => {
    reply = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
    const event = robotEvent();
    const long = Object.fromEntries(Object.keys(event.data).map((k) => [k, '很长的标题'.repeat(200)]));
    await send(urls().wecom, { event: { ...event, data: long } });
    expect(Buffer.byteLength(lastJson().markdown.content as string)).toBeLessThanOrEqual(4096);
  });

  it('HTTP 200 with errcode != 0 is a failure; other failures keep their kind', async () => {
    reply = { status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' };
    expect(await send(urls().wecom)).toMatchObject({ ok: false, errorKind: 'robot_error', error: 'wecom error 93000: invalid webhook url' });
    reply = { status: 200, body: '<html>gateway</html>' };
    expect(await send(urls().wecom)).toMatchObject({ ok: false, errorKind: 'robot_error', error: 'wecom: unreadable reply' });
    reply = { status: 502, body: 'bad gateway' };
    expect(await send(urls().wecom)).toMatchObject({ ok: false, status: 502, errorKind: 'http_status' });
  });
});

describe('pacing', () => {
  it('documents the per-robot limits', () => {
    expect(robotRateLimit('dingtalk')).toEqual([{ max: 20, windowMs: 60_000 }]);
    expect(robotRateLimit('wecom')).toEqual([{ max: 20, windowMs: 60_000 }]);
    expect(robotRateLimit('feishu')).toEqual([{ max: 100, windowMs: 60_000 }, { max: 5, windowMs: 1_000 }]);
  });

  it('nextAllowedAt: now while under the limit, else when the oldest blocking send leaves the window', () => {
    const limit = robotRateLimit('dingtalk');
    const now = 1_000_000;
    expect(nextAllowedAt([], limit, now)).toBe(now);
    const nineteen = Array.from({ length: 19 }, (_, i) => now - 50_000 + i * 1000);
    expect(nextAllowedAt(nineteen, limit, now)).toBe(now);
    const twenty = [...nineteen, now - 10];
    expect(nextAllowedAt(twenty, limit, now)).toBe(now - 50_000 + 60_000);
    // Sends older than the window do not count; order of history does not matter.
    expect(nextAllowedAt([now - 70_000, ...twenty.slice(1)].reverse(), limit, now)).toBe(now);
  });

  it('Feishu: the 5-per-second window applies before the per-minute one', () => {
    const limit = robotRateLimit('feishu');
    const now = 5_000_000;
    const burst = [now - 900, now - 700, now - 500, now - 300, now - 100];
    expect(nextAllowedAt(burst, limit, now)).toBe(now - 900 + 1000);
    const minute = Array.from({ length: 100 }, (_, i) => now - 59_000 + i * 500);
    expect(nextAllowedAt(minute, limit, now)).toBe(now - 59_000 + 60_000);
  });

  it('following nextAllowedAt never exceeds a limit (simulation)', () => {
    const limit = robotRateLimit('feishu');
    const history: number[] = [];
    let t = 0;
    for (let i = 0; i < 400; i++) {
      t = Math.max(t, nextAllowedAt(history, limit, t));
      history.push(t);
      for (const { max, windowMs } of limit) {
        expect(history.filter((s) => s > t - windowMs && s <= t).length).toBeLessThanOrEqual(max);
      }
    }
  });
});
