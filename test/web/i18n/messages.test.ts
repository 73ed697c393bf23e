import { describe, expect, it } from 'vitest';
import { en } from '../../../web/src/i18n/en.js';
import { zhCN } from '../../../web/src/i18n/zh-CN.js';
import { detectLocale, translate } from '../../../web/src/i18n/messages.js';

describe('i18n', () => {
  it('defaults to the browser language, zh of any region reading zh-CN', () => {
    expect(detectLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLocale(['zh'])).toBe('zh-CN');
    expect(detectLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(detectLocale(['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(detectLocale(['fr-FR'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });
  it('has the same keys in both dictionaries and no empty message', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    for (const value of [...Object.values(en), ...Object.values(zhCN)]) expect(value.trim()).not.toBe('');
  });
  it('uses the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(names(zhCN[key]), key).toEqual(names(en[key]));
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'check.remaining', { n: 3 })).toBe('Free checks left today: 3');
    expect(translate('zh-CN', 'check.remaining', { n: 3 })).toBe('今日剩余免费检测次数：3');
    expect(translate('en', 'check.remaining')).toBe('Free checks left today: {n}');
  });
});
