/**
 * The `fetch` the openai SDK is given: the SDK still builds every request and reads every answer,
 * but the HTTP exchange goes through undici's `request` on a keep-alive agent instead of the
 * WHATWG fetch (web streams, per-call Request/Response machinery). That fetch was about a third
 * of a probe worker's CPU (bench/README.md, "Probe pipeline"). Answers of chat completions are
 * small JSON documents, so the body is read whole and handed over as text. Redirects are not
 * followed: an API endpoint that redirects is misconfigured, and the SDK reports the 3xx.
 */
import { Agent, request } from 'undici';

/** One pool of keep-alive connections per origin, shared by all adapters of the process. */
const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });

/** What the openai SDK reads from a response: status, headers, json() / text(); no streaming. */
class BufferedResponse {
  readonly ok: boolean;
  readonly statusText = '';
  readonly body = null;
  readonly bodyUsed = false;
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly url: string,
    private readonly content: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }
  async text(): Promise<string> {
    return this.content;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.content);
  }
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return headers as Record<string, string>;
}

export async function leanFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('leanFetch takes a URL, not a Request');
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('leanFetch sends string bodies only');
  const url = String(input);
  const res = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: plainHeaders(init.headers),
    body: init.body ?? null,
    signal: init.signal ?? undefined,
    dispatcher: agent,
  });
  const content = await res.body.text();
  return new BufferedResponse(res.statusCode, headersOf(res.headers), url, content) as unknown as Response;
}
