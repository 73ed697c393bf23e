/**
 * Debian's Chromium driven by playwright-core (headless, fresh profile, no network chatter), and
 * `openPage`, the set-up every browser test shares: server, browser, page, errors, screenshots.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { fromRoot } from '../../../src/lib/paths.js';
import { startE2eServer, type E2eServer } from './e2e-app.js';
import type { PageGlobals } from './page-globals.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  locale?: string;
  viewport?: { width: number; height: number };
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'sightline-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    locale: options.locale ?? 'en-US',
    timezoneId: 'Asia/Shanghai',
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A test's screenshots, full page (git-ignored). */
export const ARTIFACTS = fromRoot('test-artifacts');

/** An account signed up or in through the API: its owner (what brands.create and the seeders take) and its session cookie. */
export interface SignedUp {
  accountId: string;
  userId: string;
  tier: 'free';
  /** `name=value`, for fetch's cookie header. */
  cookie: string;
}

/** A whole Sightline (e2e-app.ts) and one Chromium page on it: what every page test starts from. */
export interface OpenPage {
  server: E2eServer;
  browser: Browser;
  page: Page;
  /** What went wrong in the pages: page errors, and console errors with `consoleErrors`. A test ends expecting it empty. */
  errors: string[];
  /** Another browser (its own profile, so its own cookies) with a page on the same server; its errors land in `errors`, and `close` closes it. */
  another(options?: LaunchOptions): Promise<{ browser: Browser; page: Page }>;
  /** A full-page screenshot of `on` (the page unless said) as test-artifacts/`name`.png. */
  shot(name: string, on?: Page): Promise<Buffer>;
  /** `on` (the page unless said) shows `locale` from its next load (the dashboard reads it from localStorage), at `width` × 900 px if given. */
  view(locale: string, options?: { width?: number; on?: Page }): Promise<void>;
  /** Signs up through the API and gives `into` (the browser unless said) the session cookie. */
  signUp(email: string, options?: { password?: string; into?: Browser }): Promise<SignedUp>;
  /** Signs in through the API and gives `into` the session cookie. */
  signIn(email: string, password: string, into: Browser): Promise<SignedUp>;
  close(): Promise<void>;
}

/**
 * Starts the server (`env` overrides its settings), launches Chromium and opens a page that
 * collects its page errors and, with `consoleErrors`, its console errors (CSP violations and React
 * errors surface there; a 4xx the page asked for does not count). Call it in `beforeAll` and
 * `close` it in `afterAll`.
 */
export async function openPage(options: { env?: Record<string, string>; consoleErrors?: boolean } = {}): Promise<OpenPage> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await startE2eServer(options.env);
  const errors: string[] = [];
  const browsers: Browser[] = [];
  const another = async (launch: LaunchOptions = {}) => {
    const browser = await launchBrowser(launch);
    browsers.push(browser);
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => errors.push(String(error)));
    if (options.consoleErrors) {
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
      });
    }
    return { browser, page };
  };
  const { browser, page } = await another().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const enter = async (path: 'signup' | 'login', email: string, password: string, into: Browser): Promise<SignedUp> => {
    const res = await fetch(`${server.baseUrl}/api/auth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status, await res.clone().text()).toBe(path === 'signup' ? 201 : 200);
    const who = (await res.json()) as { account: { id: string; tier: 'free' }; user: { id: string } };
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const [name, value] = cookie.split('=') as [string, string];
    await into.context.addCookies([{ name, value, url: server.baseUrl }]);
    return { accountId: who.account.id, userId: who.user.id, tier: who.account.tier, cookie };
  };
  return {
    server,
    browser,
    page,
    errors,
    another,
    shot: (name, on = page) => on.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true }),
    async view(locale, { width, on = page } = {}) {
      if (width !== undefined) await on.setViewportSize({ width, height: 900 });
      await on.goto(server.baseUrl + '/');
      await on.evaluate((l: string) => (globalThis as unknown as PageGlobals).localStorage.setItem('sightline.locale', l), locale);
    },
    signUp: (email, { password = 'a long enough password', into = browser } = {}) => enter('signup', email, password, into),
    signIn: (email, password, into) => enter('login', email, password, into),
    async close() {
      for (const b of browsers) await b.close();
      await server.close();
    },
  };
}
