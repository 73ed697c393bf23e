import { describe, expect, it } from 'vitest';
import { DASH, formatDateTime, formatDay, formatInterval, formatNumber, formatPercent, formatUsd, formatWait } from '../../../web/src/lib/format.js';
import { toCsv } from '../../../web/src/lib/csv.js';

describe('number formatting per locale', () => {
  it('groups thousands and keeps the requested precision', () => {
    expect(formatNumber('en', 1234567)).toBe('1,234,567');
    expect(formatNumber('zh-CN', 1234567)).toBe('1,234,567');
    expect(formatNumber('en', Math.PI, 2)).toBe('3.14');
  });
  it('shows percentages from 0–1 ratios', () => {
    expect(formatPercent('en', 0.4237)).toBe('42.4%');
    expect(formatPercent('zh-CN', 0.5)).toBe('50%');
    expect(formatInterval('en', [0.312, 0.489])).toBe('31.2%–48.9%');
  });
  it('shows a dash, never a zero, for missing values', () => {
    expect(formatNumber('en', null)).toBe(DASH);
    expect(formatPercent('en', undefined)).toBe(DASH);
    expect(formatPercent('en', Number.NaN)).toBe(DASH);
    expect(formatInterval('en', [])).toBe(DASH);
    expect(formatDateTime('en', 'not a date')).toBe(DASH);
  });
  it('formats money in US dollars', () => {
    expect(formatUsd('en', 0.005)).toBe('$0.005');
    expect(formatUsd('zh-CN', 0.005)).toContain('0.005');
  });
});

describe('dates', () => {
  const instant = '2025-03-01T23:30:00Z';
  it('are shown in the given (user) time zone', () => {
    expect(formatDateTime('en', instant, 'Asia/Shanghai')).toMatch(/Mar 2, 2025/);
    expect(formatDateTime('en', instant, 'America/New_York')).toMatch(/Mar 1, 2025/);
    expect(formatDateTime('zh-CN', instant, 'Asia/Shanghai')).toMatch(/2025年3月2日/);
  });
  it('keep calendar days as they are, whatever the zone', () => {
    expect(formatDay('en', '2025-03-01')).toBe('Mar 1');
    expect(formatDay('zh-CN', '2025-03-01')).toBe('3月1日');
  });
  it('render a Retry-After wait in words', () => {
    expect(formatWait('en', 3 * 3600 + 20 * 60)).toBe('3 hr 20 min');
    expect(formatWait('en', 10)).toBe('1 min');
    expect(formatWait('zh-CN', 3600)).toBe('1小时');
  });
});

describe('CSV', () => {
  it('quotes, escapes and guards against formula injection', () => {
    const csv = toCsv(['name', 'value'], [['a,b', 1], ['say "hi"', null], ['=HYPERLINK()', -2]]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['name,value', '"a,b",1', '"say ""hi""",', "'=HYPERLINK(),-2", '']);
  });
  it('keeps Chinese text intact', () => {
    expect(toCsv(['平台'], [['豆包']])).toBe('\uFEFF平台\r\n豆包\r\n');
  });
});
