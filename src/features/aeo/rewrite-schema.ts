/**
 * The shape the model must return for an AEO rewrite, and turning its text into that shape:
 * parse, else repair the almost-JSON models often send (chatty preface, code fence, trailing
 * commas), then validate against the schema. Pure.
 */
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

export const ModelRewriteSchema = Type.Object({
  headline: Type.String({ minLength: 1, maxLength: 300 }),
  section_1_answer: Type.String({ minLength: 1, maxLength: 2000 }),
  section_2_evidence: Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { minItems: 1, maxItems: 12 }),
  section_3_context: Type.String({ maxLength: 4000 }),
  section_4_faq: Type.Array(Type.Object({ q: Type.String({ minLength: 1, maxLength: 500 }), a: Type.String({ minLength: 1, maxLength: 2000 }) }), { minItems: 1, maxItems: 12 }),
});
export type ModelRewrite = Static<typeof ModelRewriteSchema>;

const check = Compile(ModelRewriteSchema);

/** Repairs syntax only (never content): fence and prose around the object, trailing commas. */
export function repairJson(text: string): string {
  let s = text.trim().replace(/^\uFEFF/, '');
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(s);
  if (fenced) s = fenced[1]!.trim();
  const start = s.indexOf('{');
  const end = s.lastIndexOf('}');
  if (start >= 0 && end > start) s = s.slice(start, end + 1);
  return s.replace(/,\s*([}\]])/g, '$1');
}

export type ParseOutcome = { ok: true; value: ModelRewrite; repaired: boolean } | { ok: false; problem: string };

export function parseRewrite(text: string): ParseOutcome {
  const attempt = (raw: string): unknown => {
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  let value = attempt(text);
  let repaired = false;
  if (value === undefined) {
    value = attempt(repairJson(text));
    repaired = true;
  }
  if (value === undefined) return { ok: false, problem: 'the model did not return JSON' };
  if (!check.Check(value)) {
    const first = [...check.Errors(value)][0];
    return { ok: false, problem: `the model's JSON does not match the rewrite schema (${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'})` };
  }
  // Keep only the schema's fields: extra keys from the model never reach the client.
  const v = value as ModelRewrite;
  return {
    ok: true,
    repaired,
    value: {
      headline: v.headline.trim(),
      section_1_answer: v.section_1_answer.trim(),
      section_2_evidence: v.section_2_evidence.map((e) => e.trim()),
      section_3_context: v.section_3_context.trim(),
      section_4_faq: v.section_4_faq.map((f) => ({ q: f.q.trim(), a: f.a.trim() })),
    },
  };
}
