/** What browser tests read inside the page (page.evaluate), typed without the DOM library. */
export type PageGlobals = { document: { documentElement: { scrollWidth: number; clientWidth: number } }; localStorage: { setItem(k: string, v: string): void } };

/** How far the page scrolls sideways (> 0: something does not fit the viewport). Runs in the page. */
export const overflow = () => {
  const root = (globalThis as unknown as PageGlobals).document.documentElement;
  return root.scrollWidth - root.clientWidth;
};
