import { describe, expect, it } from 'vitest';
import { aliasCandidates, competitorCandidates, listedNames, suggestAliases } from './aliases.js';

describe('alias suggestions', () => {
  it('offers the short forms people say', () => {
    expect(suggestAliases('瑞幸咖啡')).toEqual(['瑞幸']);
    expect(suggestAliases('Luckin Coffee')).toEqual(['Luckin']);
    expect(suggestAliases('石头科技股份有限公司')).toEqual(['石头']);
    expect(suggestAliases('Acme Technologies Inc.')).toEqual(['Acme']);
    expect(suggestAliases('星巴克（Starbucks）')).toEqual(['星巴克', 'Starbucks']);
  });

  it('offers nothing when the name is already short or the alias is tracked', () => {
    expect(suggestAliases('瑞幸')).toEqual([]);
    expect(suggestAliases('Apple')).toEqual([]);
    expect(suggestAliases('瑞幸咖啡', ['瑞幸'])).toEqual([]);
  });
});

describe('competitor candidates', () => {
  const answers = [
    '推荐：\n1. **瑞幸**：性价比高\n2. **库迪咖啡（Cotti）**：便宜\n3. **Manner**：手冲',
    '### 1. 库迪咖啡\n- 便宜\n### 2. 星巴克\n- 环境好',
    '- **Manner** — good\n- **Tims** — ok',
  ];
  it('reads list leads', () => {
    expect(listedNames(answers[0]!)).toEqual(['瑞幸', '库迪咖啡', 'Manner']);
    expect(listedNames(answers[1]!)).toEqual(['库迪咖啡', '星巴克']);
  });
  it('suggests untracked names listed in at least two answers, most frequent first', () => {
    const out = competitorCandidates(answers, ['瑞幸咖啡', '瑞幸', '星巴克']);
    expect(out.map((c) => [c.name, c.answers])).toEqual([['Manner', 2], ['库迪咖啡', 2]]);
    expect(out.find((c) => c.name === '库迪咖啡')!.aliasSuggestions).toEqual(['库迪']);
  });
});

describe('alias candidates', () => {
  const answers = ['1. **瑞幸**：便宜\n2. **星巴克**：环境好', '### 1. 瑞幸\n- 快\n### 2. Manner\n- 手冲', '- **Luckin** — cheap\n- **Starbucks Reserve** — nice', '- **Luckin** — fast'];
  const subjects = [
    { of: 'brand', name: '瑞幸咖啡', aliases: ['Luckin Coffee'] },
    { of: 'Starbucks', name: 'Starbucks', aliases: ['星巴克'] },
  ];
  it('offers listed short forms of a tracked name that the analysis would miss', () => {
    expect(aliasCandidates(answers, subjects).map((c) => [c.name, c.of, c.answers])).toEqual([
      ['Luckin', 'brand', 2],
      ['瑞幸', 'brand', 2],
    ]);
  });
  it('offers nothing already tracked, nor names seen only once', () => {
    expect(aliasCandidates(answers, [{ of: 'brand', name: '瑞幸咖啡', aliases: ['瑞幸', 'Luckin'] }])).toEqual([]);
    expect(aliasCandidates(answers, subjects, { minAnswers: 1, limit: 10 }).map((c) => c.name)).toContain('Starbucks Reserve');
  });
});
