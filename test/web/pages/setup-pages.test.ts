/**
 * Issue 16's pages in Chromium, in English at 1440 px and Chinese at 390 px: the free check with
 * another name and competitors (rates side by side, questions and excerpts, no sideways scroll),
 * brand edit and delete, and the prompt manager. Screenshots go to test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openPage, type OpenPage } from '../../support/web/browser.js';
import { overflow } from '../../support/web/page-globals.js';

const VIEWS = [
  { locale: 'en', width: 1440 },
  { locale: 'zh-CN', width: 390 },
] as const;
const L = {
  en: { brand: 'Brand name', aliases: /Other names/, industry: 'Industry or category', competitors: /Competitors/, run: 'Run free check', save: 'Save', del: 'Delete brand', confirm: /Type .* to confirm/, add: 'Add a question', create: 'Create', stop: 'Stop asking' },
  'zh-CN': { brand: '品牌名称', aliases: /其他名称/, industry: '行业或品类', competitors: /竞争对手/, run: '开始免费检测', save: '保存', del: '删除品牌', confirm: /以确认/, add: '添加问题', create: '创建', stop: '停止提问' },
} as const;

/** What the prompt manager's waits read inside the page (the test project has no DOM types). */
type PromptPage = {
  document: {
    querySelector(selector: string): { textContent: string };
    querySelectorAll(selector: string): { length: number };
  };
};

describe.skipIf(!hasChromium)('issue 16 pages in a real browser', () => {
  let { server, page, errors, shot, view, signUp, close } = {} as OpenPage;
  beforeAll(async () => {
    ({ server, page, errors, shot, view, signUp, close } = await openPage());
  }, 300_000);
  afterAll(() => close?.());

  for (const { locale, width } of VIEWS) {
    it(`free check with another name and competitors (${locale}, ${width} px)`, async () => {
      const l = L[locale];
      await view(locale, { width });
      await page.goto(server.baseUrl + '/');
      await page.getByLabel(l.brand).fill('瑞幸咖啡');
      await page.getByTestId('alias-suggestions').getByRole('button', { name: '+ 瑞幸' }).click();
      expect(await page.getByLabel(l.aliases).inputValue()).toBe('瑞幸');
      await page.getByLabel(l.industry).fill('咖啡');
      await page.getByLabel(l.competitors).fill('星巴克, Manner');
      await page.getByRole('button', { name: l.run }).click();
      const results = page.getByTestId('check-results');
      await results.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('looked-for').textContent()).toContain('瑞幸');
      const header = await results.locator('th').allTextContents();
      expect(header.join('|')).toContain('星巴克');
      expect(header.join('|')).toContain('Manner');
      expect(await results.locator('tbody tr').count()).toBe(3);
      await page.getByTestId('check-questions').locator('summary').click();
      expect(await page.locator('.check-question').count()).toBe(3);
      expect(await page.locator('.excerpt').count()).toBe(9);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`free-check-aliases-${locale}-${width}`);
    }, 120_000);
  }

  it('edits a brand, manages its prompts and deletes it (en 1440, zh-CN 390)', async () => {
    const who = await signUp(`setup-${Date.now()}@example.com`);
    const brand = await server.container.services.brands.create(who, { name: 'Luckin Coffee', category: 'coffee', competitors: ['Starbucks'] });

    for (const { locale, width } of VIEWS) {
      const l = L[locale];
      await view(locale, { width });
      await page.goto(`${server.baseUrl}/brands/${brand.id}/settings`);
      const form = page.getByTestId('edit-brand');
      await form.waitFor();
      await form.locator('textarea[name="competitors"]').fill(`星巴克: Starbucks\nManner${locale}`);
      await form.locator('input[name="aliases"]').fill('瑞幸');
      await form.getByRole('button', { name: l.save }).click();
      await page.getByTestId('brand-saved').waitFor();
      const stored = await server.container.services.brands.owned(who.accountId, brand.id);
      expect(stored.competitors).toEqual([{ name: '星巴克', aliases: ['Starbucks'] }, { name: `Manner${locale}`, aliases: [] }]);
      expect(stored.aliases).toEqual(['瑞幸']);

      const manager = page.getByTestId('prompt-manager');
      await page.getByTestId('prompt-counts').waitFor();
      const before = await page.getByTestId('prompt-counts').textContent();
      await manager.getByLabel(l.add).fill(`Which coffee chain has the best oat latte? ${locale}`);
      await manager.getByRole('button', { name: l.create, exact: true }).click();
      await page.waitForFunction((text: string) => !(globalThis as unknown as PromptPage).document.querySelector('[data-testid="prompt-counts"]').textContent.includes(text), before!);
      await manager.getByRole('button', { name: l.stop }).first().click();
      await page.waitForFunction(() => (globalThis as unknown as PromptPage).document.querySelectorAll('[aria-pressed="false"]').length > 0);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`brand-settings-${locale}-${width}`);
    }
    const list = await server.container.services.promptManager.list(who.accountId, brand.id);
    expect(list.counts.total).toBe(42);
    expect(list.counts.enabled).toBeLessThan(42);

    await page.getByLabel(L['zh-CN'].confirm).fill('Luckin Coffee');
    await page.getByRole('button', { name: L['zh-CN'].del }).click();
    await page.waitForURL('**/brands');
    await expect(server.container.services.brands.owned(who.accountId, brand.id)).rejects.toThrow();
    await shot('brands-after-delete-zh-CN-390');
    expect(errors).toEqual([]);
  }, 180_000);
});
