import { formatAmount } from '@marketlens/shared';
import type { PriceCatalog, Quote } from '@marketlens/shared/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { startDemo, stopDemo } from './support/analysis.js';
import { type Api, createAccount, PASSWORD } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * The price enquiry (/price) in Chromium against the built server on the tiny demo data: a visitor
 * who is not signed in ticks third-level categories, sees the server's merge at the second-level
 * price, sends the enquiry, and root finds it with its cart in the enquiries list; a signed-in user
 * does the same in English with the form prefilled, and an administrator sees it in English.
 */

const money = (v: number) => formatAmount(v, { currency: '¥' });

/** The smallest set of third-level categories of one second-level category that the merge applies to. */
function mergeCase(catalog: PriceCatalog): { second: number; thirds: number[] } {
  for (const second of catalog.categories.filter((c) => c.level === 2)) {
    const thirds = catalog.categories.filter((c) => c.parent === second.category_id).map((c) => c.category_id);
    for (let n = 2; n <= thirds.length; n++) {
      const pick = thirds.slice(0, n);
      const sum = pick.reduce((s, id) => s + catalog.categories.find((c) => c.category_id === id)!.price!, 0);
      if (sum > second.price!) return { second: second.category_id, thirds: pick };
    }
  }
  throw new Error('the demo catalogue has no second-level category the merge applies to');
}

async function anonymousQuote(base: string, categories: number[]): Promise<Quote> {
  const res = await fetch(`${base}/api/common/price/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ categories }),
  });
  return ((await res.json()) as { data: Quote }).data;
}

/** Ticks categories in the picker and waits for the server's quote of the whole cart. */
async function tick(page: Page, ids: number[], total: number) {
  for (const id of ids) await page.getByTestId(`pick-${id}`).click();
  await expect.poll(() => page.getByTestId('quote-total').innerText(), { timeout: 20_000 }).toBe(money(total));
}

describe('Price enquiry in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let catalog: PriceCatalog;
  let merge: { second: number; thirds: number[] };
  let quote: Quote;

  beforeAll(async () => {
    ({ server, browser, root } = await startDemo());
    const res = await fetch(`${server.url}/api/common/price/categories`);
    catalog = ((await res.json()) as { data: PriceCatalog }).data;
    merge = mergeCase(catalog);
    quote = await anonymousQuote(server.url, merge.thirds);
    expect(quote.lines[0]!.kind).toBe('merged');
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  it('zh-CN: a visitor builds a cart, sees the merge, sends the enquiry; root finds it with its cart', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await page.goto(`${server.url}/price`);
    await page.waitForURL(/\/price\/goods$/);
    await page.getByTestId('category-tree').waitFor();
    await tick(page, merge.thirds, quote.total);
    const line = page.getByTestId(`quote-line-${merge.second}`);
    expect(await line.getAttribute('data-kind')).toBe('merged');
    expect(await page.getByTestId(`line-subtotal-${merge.second}`).innerText()).toBe(money(quote.lines[0]!.subtotal));
    expect(await line.innerText()).toContain('按二级品类价格合并');
    expect(new URL(page.url()).searchParams.get('c')).toBe(merge.thirds.join(','));
    await settle(page);
    await screenshot(page, 'price-goods-zh-CN');
    await expectAccessible(page, '/price/goods zh-CN');

    await page.getByTestId('to-payment').click();
    await page.waitForURL(/\/price\/payment\?c=/);
    await page.getByTestId(`quote-line-${merge.second}`).waitFor();
    await page.getByTestId('submit-enquiry').click();
    await page.getByText('请输入企业名称').waitFor();
    await page.getByLabel('企业名称').fill('上海某某贸易有限公司');
    await page.getByLabel('邮箱').fill('buyer@example.com');
    await page.getByLabel('联系电话').fill('021-12345678');
    await page.getByLabel('备注').fill('希望订阅两年');
    // The "invalid information" toast of the empty submit has gone.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    await settle(page);
    await screenshot(page, 'price-payment-zh-CN');
    await expectAccessible(page, '/price/payment zh-CN');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/common/order');
    await page.getByTestId('submit-enquiry').click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ enterprise: '上海某某贸易有限公司', categories: merge.thirds });
    expect(body).not.toHaveProperty('total');
    const done = page.getByTestId('enquiry-done');
    await done.waitFor();
    const id = Number(/询价单号：(\d+)/.exec(await done.innerText())![1]);
    expect(id).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'price-done-zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();

    // The sales team: root sees the enquiry, anonymous, with the cart and the same price.
    const admin = await openPage(browser, 'zh-CN');
    await signIn(admin.page, server.url, 'root', server.rootPassword, `?redirect=${encodeURIComponent('/enquiries')}`);
    const row = admin.page.locator(`tr[data-row-key="${id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('未登录访客');
    expect(await row.innerText()).toContain(money(quote.total));
    await row.locator('.ant-table-row-expand-icon').click();
    const cart = admin.page.getByTestId(`enquiry-cart-${id}`);
    await cart.waitFor();
    expect(await cart.getByTestId(`quote-line-${merge.second}`).getAttribute('data-kind')).toBe('merged');
    await settle(admin.page);
    await screenshot(admin.page, 'enquiries-zh-CN');
    await expectAccessible(admin.page, '/enquiries zh-CN');
    await noConsoleErrors(admin.errors);
    await admin.page.context().close();
  }, 240_000);

  it('en: a signed-in user finds the form prefilled; an administrator sees the enquiry and marks it contacted', async () => {
    await createAccount(root, 'e2e_buyer', 'general');
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'e2e_buyer', PASSWORD);
    await page.goto(`${server.url}/price/goods`);
    await page.getByTestId('category-tree').waitFor();
    // The whole second-level category with one of its thirds: the third is included.
    const third = merge.thirds[0]!;
    const expected = await anonymousQuote(server.url, [merge.second, third]);
    await tick(page, [merge.second, third], expected.total);
    expect(await page.getByTestId(`item-price-${third}`).innerText()).toBe(money(0));
    expect(await page.getByTestId(`quote-item-${third}`).innerText()).toContain(
      'Included in the chosen second-level category',
    );
    await settle(page);
    await screenshot(page, 'price-goods-en');
    await expectAccessible(page, '/price/goods en');

    await page.getByTestId('to-payment').click();
    await page.waitForURL(/\/price\/payment/);
    await expect.poll(() => page.getByLabel('Enterprise').inputValue()).toBe('E2E Co.');
    expect(await page.getByLabel('Email').inputValue()).toBe('e2e_buyer@example.com');
    await settle(page);
    await screenshot(page, 'price-payment-en');
    await expectAccessible(page, '/price/payment en');
    await page.getByTestId('submit-enquiry').click();
    const done = page.getByTestId('enquiry-done');
    await done.waitFor();
    expect(await done.innerText()).toContain('Enquiry submitted successfully');
    const id = Number(/Enquiry number: (\d+)/.exec(await done.innerText())![1]);
    await settle(page);
    await screenshot(page, 'price-done-en');
    await noConsoleErrors(errors);
    await page.context().close();

    await createAccount(root, 'e2e_sales', 'admin');
    const admin = await openPage(browser, 'en');
    await signIn(admin.page, server.url, 'e2e_sales', PASSWORD, `?redirect=${encodeURIComponent('/enquiries')}`);
    const row = admin.page.locator(`tr[data-row-key="${id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('e2e_buyer');
    await row.getByTestId(`enquiry-status-${id}`).click();
    const changed = admin.page.waitForResponse((r) => r.url().endsWith(`/api/common/orders/${id}/status`));
    await admin.page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
    expect((await changed).status()).toBe(200);
    await admin.page.getByText('Status updated').waitFor();
    const stored = await root.get<{ items: { id: number; status: string }[] }>('/api/common/orders?status=contacted');
    expect(stored.items.map((o) => o.id)).toContain(id);
    await row.locator('.ant-table-row-expand-icon').click();
    await admin.page.getByTestId(`enquiry-cart-${id}`).waitFor();
    await settle(admin.page);
    await screenshot(admin.page, 'enquiries-en');
    await expectAccessible(admin.page, '/enquiries en');
    await noConsoleErrors(admin.errors);
    await admin.page.context().close();
  }, 240_000);
});
