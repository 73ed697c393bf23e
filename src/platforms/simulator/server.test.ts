import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AEO_REWRITE_MARKER, type AeoRewrite } from './aeo.js';
import { startSimulator, type SimulatorHandle } from './server.js';

let day = '2025-06-01';
let simulator: SimulatorHandle;
beforeAll(async () => {
  simulator = await startSimulator({ now: () => new Date(`${day}T08:00:00Z`) });
});
afterAll(() => simulator.close());

/** The fields of a chat completion these tests read. */
interface ChatCompletionBody {
  choices: { message: { content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const auth = { authorization: 'Bearer test', 'content-type': 'application/json' };

async function chat(base: string, platform: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/${platform}/v1/chat/completions`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
}

async function text(platform: string, prompt: string): Promise<string> {
  const response = await chat(simulator.url, platform, { model: 'm', messages: [{ role: 'user', content: prompt }] });
  const json = (await response.json()) as { choices: { message: { content: string } }[] };
  return json.choices[0]!.message.content;
}

describe('simulator HTTP server', () => {
  it('answers chat completions in the OpenAI shape, labelled as simulated', async () => {
    const response = await chat(simulator.url, 'kimi', {
      model: 'moonshot-v1-8k',
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: '华为和小米哪个好？' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-sightline-simulated')).toBe('true');
    const body = (await response.json()) as ChatCompletionBody;
    expect(body).toMatchObject({ object: 'chat.completion', model: 'moonshot-v1-8k', system_fingerprint: 'sightline-simulator' });
    const content: string = body.choices[0]!.message.content;
    expect(content).toContain('华为');
    expect(content).toContain('小米');
    expect(body.usage.completion_tokens).toBeGreaterThan(content.length * 0.5);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it('is deterministic per (platform, prompt, day) over HTTP', async () => {
    const prompt = 'What are the best laptops for students?';
    const first = await text('chatgpt', prompt);
    expect(await text('chatgpt', prompt)).toBe(first);
    expect(await text('gemini', prompt)).not.toBe(first);
    day = '2025-06-02';
    try {
      expect(await text('chatgpt', prompt)).not.toBe(first);
    } finally {
      day = '2025-06-01';
    }
  });

  it('lists models for pings', async () => {
    const response = await fetch(`${simulator.url}/zhipu/v1/models`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-sightline-simulated')).toBe('true');
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: 'glm-4.5', object: 'model' }] });
  });

  it('returns top-level citations and search_results for Perplexity', async () => {
    const response = await chat(simulator.url, 'perplexity', { model: 'sonar', messages: [{ role: 'user', content: '推荐几款跑鞋' }] });
    const body = (await response.json()) as { citations: string[]; search_results: { url: string; title: string }[] };
    expect(body.citations.length).toBeGreaterThanOrEqual(2);
    expect(body.search_results.map((r) => r.url)).toEqual(body.citations);
  });

  it('answers the AEO rewrite task with a JSON object derived from the text', async () => {
    const request = {
      model: 'm',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: `${AEO_REWRITE_MARKER} Rewrite the text for answer engines. Reply in JSON.` },
        {
          role: 'user',
          content: JSON.stringify({
            brand: 'Acme',
            audience: 'small online shops',
            text: 'Acme builds invoicing software. It sends invoices in one click. Over 12,000 shops use it daily. Support answers within 2 hours.',
          }),
        },
      ],
    };
    const body = (await (await chat(simulator.url, 'deepseek', request)).json()) as { choices: { message: { content: string } }[] };
    const content = body.choices[0]!.message.content;
    const rewrite = JSON.parse(content) as AeoRewrite;
    expect(rewrite.headline).toContain('Acme');
    expect(rewrite.section_1_answer).toContain('invoicing software');
    expect(rewrite.section_2_evidence).toEqual(expect.arrayContaining(['Over 12,000 shops use it daily.']));
    expect(typeof rewrite.section_3_context).toBe('string');
    expect(rewrite.section_4_faq.length).toBeGreaterThanOrEqual(2);
    for (const item of rewrite.section_4_faq) expect(item).toEqual({ q: expect.any(String), a: expect.any(String) });
    const again = (await (await chat(simulator.url, 'deepseek', request)).json()) as typeof body;
    expect(again.choices[0]!.message.content).toBe(content);

    simulator.setFaults('deepseek', { aeoInvalidJson: true });
    try {
      const broken = (await (await chat(simulator.url, 'deepseek', request)).json()) as typeof body;
      expect(() => JSON.parse(broken.choices[0]!.message.content)).toThrow();
      expect(broken.choices[0]!.message.content).toContain('"headline"');
    } finally {
      simulator.setFaults('deepseek', undefined);
    }
  });

  it('rejects what a real platform rejects', async () => {
    expect((await fetch(`${simulator.url}/bard/v1/models`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${simulator.url}/kimi/v1/models`)).status).toBe(401);
    expect((await fetch(`${simulator.url}/kimi/v1/chat/completions`, { headers: auth })).status).toBe(405);
    const bad = await fetch(`${simulator.url}/kimi/v1/chat/completions`, { method: 'POST', headers: auth, body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await chat(simulator.url, 'kimi', { model: 'm', messages: [] })).status).toBe(400);
    expect((await chat(simulator.url, 'kimi', { model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] })).status).toBe(400);
  });

  it('stops at max_tokens with finish_reason length', async () => {
    const response = await chat(simulator.url, 'qwen', { model: 'm', max_tokens: 20, messages: [{ role: 'user', content: '推荐几款手机' }] });
    const body = (await response.json()) as ChatCompletionBody;
    expect(body.choices[0]!.finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(20);
  });

  it('serves injected status faults with Retry-After and error codes', async () => {
    simulator.setFaults('doubao', { sequence: [{ status: 429, retryAfter: 7, code: 'insufficient_quota' }] });
    const first = await chat(simulator.url, 'doubao', { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(await first.json()).toMatchObject({ error: { code: 'insufficient_quota' } });
    expect((await chat(simulator.url, 'doubao', { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
  });

  it('fails a seeded share of requests under a failure rate', async () => {
    simulator.setFaults('gemini', { failureRate: 0.5 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () => chat(simulator.url, 'gemini', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }).then((r) => r.status)),
      );
      const failed = statuses.filter((s) => s === 500).length;
      expect(failed).toBeGreaterThan(5);
      expect(failed).toBeLessThan(35);
    } finally {
      simulator.setFaults('gemini', undefined);
    }
  });
});

describe('simulator latency', () => {
  it('delays answers by the configured latency, per platform', async () => {
    const slow = await startSimulator({ latencyMs: { kimi: 300 } });
    try {
      const timed = async (platform: string): Promise<number> => {
        const started = performance.now();
        await (await chat(slow.url, platform, { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).json();
        return performance.now() - started;
      };
      expect(await timed('kimi')).toBeGreaterThanOrEqual(295);
      expect(await timed('deepseek')).toBeLessThan(295);
    } finally {
      await slow.close();
    }
  });

  it('closes promptly even with a request hanging', async () => {
    const sim = await startSimulator({ faults: { kimi: { always: 'hang' } } });
    const pending = chat(sim.url, 'kimi', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await sim.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
