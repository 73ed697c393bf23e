/**
 * Alias suggestions and competitor candidates (pure). Answers name brands the short way people
 * say them ("瑞幸" for 瑞幸咖啡, "Luckin" for Luckin Coffee): a brand tracked only by its full
 * name is missed. We suggest the short forms; the user decides.
 */

/** Chinese endings that name the trade or the legal form, not the brand. Longest first. */
const ZH_SUFFIXES = [
  '股份有限公司', '有限责任公司', '有限公司', '集团', '公司', '科技', '网络', '信息', '智能', '电子', '电器', '汽车',
  '咖啡', '茶饮', '奶茶', '餐饮', '食品', '饮品', '乳业', '手机', '电脑', '家电', '服饰', '服装', '美妆', '化妆品',
  '控股', '国际', '中国', '品牌', '官方', '旗舰店',
].sort((a, b) => b.length - a.length);

/** Latin trailing words that name the trade or the legal form. */
const EN_SUFFIXES = new Set(
  ('inc inc. corp corp. corporation co co. company ltd ltd. limited llc plc gmbh ag sa group holdings holding international intl ' +
    'technologies technology tech labs software systems coffee tea foods food beverages motors auto automotive electronics ' +
    'mobile cosmetics beauty apparel brands official china global').split(' '),
);

const CJK = /[\u3400-\u9fff]/;

/** Short forms of a brand name worth tracking as aliases ("瑞幸咖啡" → "瑞幸", "Luckin Coffee" → "Luckin"). */
export function suggestAliases(name: string, existing: readonly string[] = []): string[] {
  const trimmed = name.trim();
  const out: string[] = [];
  if (CJK.test(trimmed)) {
    let short = trimmed.replace(/[（(][^）)]*[）)]$/, '').trim();
    for (let changed = true; changed; ) {
      changed = false;
      for (const suffix of ZH_SUFFIXES) {
        if (short.length - suffix.length >= 2 && short.endsWith(suffix)) {
          short = short.slice(0, -suffix.length);
          changed = true;
        }
      }
    }
    if (short !== trimmed) out.push(short);
    const latin = /[（(]([A-Za-z][^）)]*)[）)]/.exec(trimmed)?.[1];
    if (latin) out.push(latin.trim());
  } else {
    const words = trimmed.split(/\s+/);
    while (words.length > 1 && EN_SUFFIXES.has(words[words.length - 1]!.toLowerCase().replace(/,$/, ''))) words.pop();
    const short = words.join(' ').replace(/,$/, '');
    if (short !== trimmed && short.length >= 2) out.push(short);
  }
  const taken = new Set([trimmed, ...existing].map((n) => n.toLowerCase()));
  return [...new Set(out)].filter((n) => !taken.has(n.toLowerCase()));
}

/**
 * Names an answer offers as list items: the lead of each item of a ranked or bulleted list
 * ("1. **Name**", "- **Name** —", "### 2. Name"), without a bracketed second name.
 */
export function listedNames(text: string): string[] {
  const names: string[] = [];
  const patterns = [/^\s*(?:\d+[.、)]|[-*•])\s*\*\*([^*\n]{2,40})\*\*/gm, /^#{2,4}\s*\d+[.、)]\s*([^\n]{2,40})$/gm];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const name = m[1]!.replace(/[（(][^）)]*[）)]/g, '').replace(/[:：]\s*$/, '').trim();
      if (name.length >= 2 && name.length <= 30 && !/[。？?！!]/.test(name)) names.push(name);
    }
  }
  return [...new Set(names)];
}

/** Names listed in at least `minAnswers` answers and not tracked, most frequent first. */
export function competitorCandidates(texts: readonly string[], tracked: readonly string[], options = { minAnswers: 2, limit: 10 }) {
  const trackedKeys = tracked.map((t) => t.toLowerCase());
  const isTracked = (name: string) => {
    const key = name.toLowerCase();
    return trackedKeys.some((t) => t === key || (t.length >= 2 && (key.includes(t) || t.includes(key))));
  };
  const counts = new Map<string, number>();
  for (const text of texts) for (const name of listedNames(text)) if (!isTracked(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= options.minAnswers)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, options.limit)
    .map(([name, answers]) => ({ name, answers, share: texts.length > 0 ? Math.round((answers / texts.length) * 10_000) / 10_000 : 0, aliasSuggestions: suggestAliases(name) }));
}

/** A tracked name and its aliases; `of` is "brand" or the competitor's name. */
export interface TrackedSubject {
  of: string;
  name: string;
  aliases: readonly string[];
}

/**
 * Names the answers list that look like another form of a tracked name ("瑞幸" for a brand tracked
 * as 瑞幸咖啡, "Luckin" for Luckin Coffee) but are not tracked: missed mentions, offered as aliases.
 * A listed name counts when one contains the other; at least `minAnswers` answers, most frequent first.
 */
export function aliasCandidates(texts: readonly string[], subjects: readonly TrackedSubject[], options = { minAnswers: 2, limit: 10 }) {
  const tracked = new Set(subjects.flatMap((s) => [s.name, ...s.aliases]).map((n) => n.toLowerCase()));
  const counts = new Map<string, { name: string; of: string; answers: number }>();
  for (const text of texts) {
    for (const listed of listedNames(text)) {
      const key = listed.toLowerCase();
      if (key.length < 2 || tracked.has(key)) continue;
      const subject = subjects.find((s) => [s.name, ...s.aliases].some((n) => {
        const t = n.toLowerCase();
        return t.length >= 2 && (t.includes(key) || key.includes(t));
      }));
      if (!subject) continue;
      const entry = counts.get(`${subject.of}\u0000${key}`) ?? { name: listed, of: subject.of, answers: 0 };
      entry.answers += 1;
      counts.set(`${subject.of}\u0000${key}`, entry);
    }
  }
  return [...counts.values()]
    .filter((c) => c.answers >= options.minAnswers)
    .sort((a, b) => b.answers - a.answers || a.name.localeCompare(b.name))
    .slice(0, options.limit)
    .map((c) => ({ ...c, share: texts.length > 0 ? Math.round((c.answers / texts.length) * 10_000) / 10_000 : 0 }));
}
