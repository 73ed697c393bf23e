/**
 * schema.org JSON-LD for a rewrite: an Article (headline, the direct answer as description, the
 * whole text as articleBody, the brand as author/publisher) and a FAQPage from the FAQ, in one
 * @graph, serialised as a string. `<` is escaped so the string can go inside a <script> tag as is.
 */
import type { ModelRewrite } from './rewrite-schema.js';

export function jsonLdOf(r: ModelRewrite, brand: string, audience: string | undefined, at: Date): string {
  const org = { '@type': 'Organization', name: brand };
  const article: Record<string, unknown> = {
    '@type': 'Article',
    headline: r.headline.slice(0, 110),
    description: r.section_1_answer,
    articleBody: [r.section_1_answer, ...r.section_2_evidence, r.section_3_context].filter(Boolean).join('\n\n'),
    author: org,
    publisher: org,
    about: { '@type': 'Thing', name: brand },
    datePublished: at.toISOString(),
  };
  if (audience) article.audience = { '@type': 'Audience', audienceType: audience };
  const faq = {
    '@type': 'FAQPage',
    mainEntity: r.section_4_faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
  };
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': [article, faq] }).replace(/</g, '\\u003c');
}
