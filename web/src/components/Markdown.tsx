/**
 * The little Markdown the content tools write (## headings, "-" and "1." lists, **bold**,
 * paragraphs) as React elements: readable output instead of raw marks, and no HTML injection
 * because nothing is ever parsed as HTML.
 */
import type { ReactNode } from 'react';

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line of static text, rebuilt whole from it on each render and holding no state; the same bold text may repeat, so its position is part of its key.
      <strong key={`${i}:${part}`}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (!list) return;
    const items = list.items.map((item, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: list items of static text, rebuilt whole from it on each render and holding no state; the same item may repeat, so its position is part of its key.
      <li key={`${i}:${item}`}>{inline(item)}</li>
    ));
    blocks.push(list.ordered ? <ol key={blocks.length}>{items}</ol> : <ul key={blocks.length}>{items}</ul>);
    list = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    flush();
    if (line === '') continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) blocks.push(<h4 key={blocks.length}>{inline(heading[2]!)}</h4>);
    else blocks.push(<p key={blocks.length}>{inline(line)}</p>);
  }
  flush();
  return <div className="markdown">{blocks}</div>;
}
