/**
 * The one way the dashboard talks to the server: same-origin fetch with the session cookie,
 * JSON in and out, the error envelope turned into ApiError. A 401 on a signed-in call tells the
 * app (onUnauthorized) so it can send the user to sign in instead of showing a blank page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    /** Seconds from Retry-After (429), when sent. */
    readonly retryAfter: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Nothing there: the endpoint does not exist on this server yet, or the resource does not. */
  get missing(): boolean {
    return this.status === 404;
  }
  /** The server has no such route at all (a feature not deployed yet), as opposed to no such record. */
  get noRoute(): boolean {
    return this.status === 404 && this.message.startsWith('No route');
  }
}

let unauthorizedListener: (() => void) | undefined;
export function onUnauthorized(listener: () => void) {
  unauthorizedListener = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Public calls (sign-in form, free check) must not bounce to the sign-in page on 401. */
  public?: boolean;
  signal?: AbortSignal;
}

function urlOf(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(urlOf(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return data as T;
  const envelope = (data as { error?: { code?: string; message?: string; requestId?: string } } | undefined)?.error;
  const retry = Number(response.headers.get('retry-after'));
  const error = new ApiError(
    response.status,
    envelope?.code ?? `HTTP_${response.status}`,
    envelope?.message ?? response.statusText,
    envelope?.requestId ?? response.headers.get('x-request-id') ?? undefined,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
  if (response.status === 401 && !options.public) unauthorizedListener?.();
  throw error;
}
