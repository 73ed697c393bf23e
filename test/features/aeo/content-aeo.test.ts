/** AEO parsing/repair, score and JSON-LD; suggest claims, signals and uplift; the content check (pure). */
import { describe, expect, it } from 'vitest';
import { jsonLdOf } from '../../../src/features/aeo/jsonld.js';
import { parseRewrite, repairJson, type ModelRewrite } from '../../../src/features/aeo/rewrite-schema.js';
import { scoreAviv, scoreOriginal } from '../../../src/features/aeo/score.js';
import { fleschReadingEase, lintContent } from '../../../src/features/content/lint.js';
import { rewriteFor } from '../../../src/features/suggest/rewrite.js';
import { eeatSignalsOf, factClaims } from '../../../src/features/suggest/signals.js';
import { expectedLift, judgeUplift } from '../../../src/features/suggest/uplift.js';

const rewrite: ModelRewrite = {
  headline: 'Acme: one-click invoicing for online shops',
  section_1_answer: 'Acme is invoicing software that sends an invoice in one click.',
  section_2_evidence: ['Over 12,000 shops use it daily.', 'Support answers within 2 hours.', 'Founded in 2015.'],
  section_3_context: 'Built for small online shops.',
  section_4_faq: [
    { q: 'What is Acme?', a: 'Invoicing software.' },
    { q: 'Who is Acme for?', a: 'Small online shops.' },
    { q: 'Why choose Acme?', a: 'It is fast.' },
  ],
};

describe('AEO rewrite parsing', () => {
  it('takes valid JSON as is and repairs almost-JSON', () => {
    expect(parseRewrite(JSON.stringify(rewrite))).toEqual({ ok: true, repaired: false, value: rewrite });
    const almost = `Here is the rewritten content:\n\`\`\`json\n${JSON.stringify(rewrite, null, 2).replace(/\n}$/, ',\n}')}\n\`\`\``;
    expect(() => JSON.parse(almost)).toThrow();
    expect(parseRewrite(almost)).toEqual({ ok: true, repaired: true, value: rewrite });
    expect(repairJson('{"a": [1, 2,], }')).toBe('{"a": [1, 2]}');
  });
  it('refuses what cannot be repaired or does not fit the schema, saying why', () => {
    expect(parseRewrite('I cannot help with that.')).toEqual({ ok: false, problem: 'the model did not return JSON' });
    const missing = parseRewrite(JSON.stringify({ ...rewrite, section_4_faq: 'none' }));
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.problem).toMatch(/section_4_faq/);
  });
  it('drops fields the model added', () => {
    const extra = parseRewrite(JSON.stringify({ ...rewrite, __proto__x: 1, script: '<script>' }));
    expect(extra.ok && Object.keys(extra.value)).toEqual(Object.keys(rewrite));
  });
});

describe('score_aviv', () => {
  it('scores a complete rewrite 100 and the bare original far lower', () => {
    expect(scoreAviv(rewrite, 'Acme')).toBe(100);
    expect(scoreOriginal('Acme builds invoicing software. Over 12,000 shops use it.', 'Acme')).toBe(45);
  });
  it('stays within 0–100 for an empty-ish rewrite', () => {
    expect(scoreAviv({ headline: 'x', section_1_answer: 'y', section_2_evidence: ['z'], section_3_context: '', section_4_faq: [{ q: 'q', a: 'a' }] }, 'Acme')).toBe(46); // 10 headline + 20 answer + 8 evidence + 8 faq
  });
});

describe('JSON-LD', () => {
  it('is a parseable @graph with an Article and a FAQPage', () => {
    const doc = JSON.parse(jsonLdOf({ ...rewrite, headline: 'A </script> test' }, 'Acme', 'shops', new Date('2025-01-01T00:00:00Z')));
    expect(doc['@context']).toBe('https://schema.org');
    expect(doc['@graph'].map((n: { '@type': string }) => n['@type'])).toEqual(['Article', 'FAQPage']);
    expect(doc['@graph'][1].mainEntity).toHaveLength(3);
    expect(doc['@graph'][1].mainEntity[0]).toEqual({ '@type': 'Question', name: 'What is Acme?', acceptedAnswer: { '@type': 'Answer', text: 'Invoicing software.' } });
    expect(jsonLdOf({ ...rewrite, headline: 'A </script>' }, 'Acme', undefined, new Date())).not.toContain('</script>');
  });
});

describe('suggest', () => {
  const content = 'Acme sends invoices in one click. According to a 2024 survey, 87% of users save an hour a week. It is easy to use. Is it for you?';
  it('extracts claims and marks the checkable ones', () => {
    expect(factClaims(content)).toEqual([
      { claim: 'Acme sends invoices in one click.', verifiable: false },
      { claim: 'According to a 2024 survey, 87% of users save an hour a week.', verifiable: true },
      { claim: 'It is easy to use.', verifiable: false },
    ]);
    expect(factClaims('青禾成立于2015年。产品很好用呢。')).toEqual([{ claim: '青禾成立于2015年。', verifiable: true }, { claim: '产品很好用呢。', verifiable: false }]);
  });
  it('finds and lists missing E-E-A-T signals', () => {
    expect(eeatSignalsOf(content)).toEqual({ found: ['cited_sources', 'statistics', 'dates'], missing: ['first_hand_experience', 'author_credentials', 'contact_or_policy'] });
  });
  it('rewrites with the brand first and the facts as a list', () => {
    const out = rewriteFor(content, 'Acme', 'faq');
    expect(out.split('\n')[0]).toBe('Acme sends invoices in one click.');
    expect(out).toContain('- According to a 2024 survey, 87% of users save an hour a week.');
    expect(out).toContain('**What is Acme?**');
  });
  it('estimates and judges lift by the documented rule', () => {
    expect(expectedLift(3, 20, 100)).toBe(0.048); // 0.02 × 3 × (1 − 0.2)
    expect(expectedLift(0, 0, 0)).toBe(0);
    expect(judgeUplift({ mentions: 20, answers: 100 }, { mentions: 10, answers: 20 }, 3)).toEqual({ verdict: 'wait' });
    expect(judgeUplift({ mentions: 20, answers: 100 }, { mentions: 24, answers: 40 }, 5)).toEqual({ verdict: 'uplift', before: 0.2, after: 0.6, lift: 0.4 });
    expect(judgeUplift({ mentions: 20, answers: 100 }, { mentions: 9, answers: 40 }, 5)).toEqual({ verdict: 'wait' });
    expect(judgeUplift({ mentions: 20, answers: 100 }, { mentions: 45, answers: 200 }, 10)).toMatchObject({ verdict: 'no_uplift' });
  });
});

describe('content check', () => {
  it('flags structure problems in English', () => {
    const long = `${'This sentence keeps going with many words '.repeat(5)}.`;
    const rules = lintContent(`# Title\n\n### Skipped level\n\n${long}\n\n# Second title`).map((f) => f.rule).sort();
    expect(rules).toEqual(['heading-skip', 'long-sentence', 'multiple-h1']);
  });
  it('flags Chinese long sentences and half-width punctuation', () => {
    const rules = lintContent(`# 标题\n\n${'这是一个非常非常长的句子'.repeat(8)}。价格便宜,质量很好。`).map((f) => f.rule).sort();
    expect(rules).toEqual(['halfwidth-punctuation', 'long-sentence']);
  });
  it('finds nothing in clean short text and measures readability', () => {
    expect(lintContent('# Acme\n\nAcme sends invoices. It is fast.')).toEqual([]);
    expect(fleschReadingEase('The cat sat on the mat.')).toBeGreaterThan(100);
    expect(fleschReadingEase('Interdisciplinary organizational considerations necessitate comprehensive reevaluation.')).toBeLessThan(0);
  });
});
