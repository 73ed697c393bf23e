import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('config', () => {
  it('has working defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', platformsMode: 'simulate', logLevel: 'info' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.webhookRetryDelaysMs).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
    expect(c.webhookAllowPrivateNetworks).toBe(false);
    expect(c.trustProxy).toBe(false);
  });

  it('turns live when a platform key is set, unless told otherwise', () => {
    expect(loadConfig({ DEEPSEEK_API_KEY: 'k' }).platformsMode).toBe('live');
    expect(loadConfig({ DEEPSEEK_API_KEY: 'k', PLATFORMS_MODE: 'simulate' }).platformsMode).toBe('simulate');
    expect(loadConfig({ KIMI_MODEL: 'm', KIMI_BASE_URL: 'https://x.test/v1' }).platforms.kimi).toEqual({
      apiKey: undefined,
      baseUrl: 'https://x.test/v1',
      model: 'm',
    });
  });

  it.each([
    ['PORT', 'abc', /Invalid PORT="abc": an integer from 0 to 65535/],
    ['PORT', '70000', /PORT/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL.*one of fatal, error/],
    ['PLATFORMS_MODE', 'fake', /PLATFORMS_MODE.*simulate, live/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL.*postgres/],
    ['REDIS_URL', 'not a url', /REDIS_URL/],
    ['WEBHOOK_RETRY_DELAYS', '30s,,1h', /WEBHOOK_RETRY_DELAYS/],
    ['WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'maybe', /true or false/],
    ['TRUST_PROXY', 'everyone!', /TRUST_PROXY/],
    ['SUPPORT_EMAIL', 'nobody', /SUPPORT_EMAIL/],
    ['QWEN_BASE_URL', 'ftp://x', /QWEN_BASE_URL/],
    ['SMTP_URL', 'https://mail.example.com', /SMTP_URL.*smtp: or smtps:/],
    ['MAIL_FROM', 'not an address', /MAIL_FROM/],
    ['PUBLIC_URL', 'https://sightline.example.com/?x=1', /PUBLIC_URL/],
  ])('rejects %s=%s with one clear line', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('never echoes a password from a connection string', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(/user:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('parses proxy trust as Fastify expects', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads test-sized webhook retry schedules', () => {
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: '100ms,1s' }).webhookRetryDelaysMs).toEqual([100, 1_000]);
  });

  it('reads the e-mail and link settings, never echoing the SMTP password', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465', PUBLIC_URL: 'https://sightline.example.com/app/', SUPPORT_EMAIL: 'help@example.com' });
    expect(c).toMatchObject({ smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465', publicUrl: 'https://sightline.example.com/app', mailFrom: 'Sightline <help@example.com>' });
    expect(loadConfig({ MAIL_FROM: 'Team <team@example.com>' }).mailFrom).toBe('Team <team@example.com>');
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:s3cret@smtp.example.com' })).not.toThrow(/s3cret/);
  });
});
