import { describe, expect, it } from 'vitest';
import { competitorCandidates, listedNames, suggestAliases } from './aliases.js';

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
