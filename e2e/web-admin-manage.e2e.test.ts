import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { type Api, createAccount, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { shot } from './support/shots.js';
import { confirmInBubble, noConsoleErrors, openPage, signIn } from './support/ui.js';

const LOCALES = ['zh-CN', 'en'] as const;

/**
 * Waits until no select list is open: a list closes with an animation, which on 2 busy cores (the
 * server tests run beside these) took longer than expect.poll's default second.
 */
const dropdownsClosed = (page: Page) =>
  expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 10_000 }).toBe(0);
type Locale = (typeof LOCALES)[number];

/** The visible texts the steps below look for, per language. */
const TEXT = {
  'zh-CN': {
    confirmDelete: (name: string) => `删除账号 ${name}？`,
    delete: '删 除',
    deleted: '账号已删除',
    notFound: '资源不存在',
    ok: '确 定',
    stay: '留在此页',
    userManagement: '成员管理',
    draftSaved: '草稿已保存',
    applied: '属性配置已生效',
    discarded: '草稿已放弃',
    saved: '已保存',
    save: '保 存',
    shop: '1 个店铺',
    allCategories: '全部品类',
    issued: '已为子应用签发凭证',
  },
  en: {
    confirmDelete: (name: string) => `Delete the account ${name}?`,
    delete: 'Delete',
    deleted: 'Account deleted',
    notFound: 'Not found',
    ok: 'OK',
    stay: 'Stay',
    userManagement: 'User Management',
    draftSaved: 'Draft saved',
    applied: 'Attribute configuration applied',
    discarded: 'Draft discarded',
    saved: 'Saved',
    save: 'Save',
    shop: '1 shop',
    allCategories: 'All categories',
    issued: 'Sign-in issued for the child application',
  },
} as const;

interface Attr {
  name: string;
  title: string;
  title_en: string;
}

describe('account deletion, attribute draft steps, shop and brand grants, child-app sign-in in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId: number;

  beforeAll(async () => {
    // ym_report: a child application of the portal (the app's own key is refused as a child's).
    server = await startServer({
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USERNAME: '100000',
      APP_KEYS: 'ym_report',
    });
    browser = await launchBrowser();
    root = await signInApi(server.url, 'root', server.rootPassword);
    const projects = await root.get<{ items: { id: number }[] }>('/api/common/projects?page_size=100');
    projectId = projects.items[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  async function rootPage(locale: Locale) {
    const opened = await openPage(browser, locale);
    await signIn(opened.page, server.url, 'root', server.rootPassword);
    return opened;
  }

  it('root deletes an account from its edit screen after a confirmation naming it; a failure is shown (zh-CN, en)', async () => {
    for (const locale of LOCALES) {
      const name = `del-${locale.toLowerCase()}`;
      const id = await createAccount(root, name, 'general');
      const { page, errors } = await rootPage(locale);
      await page.goto(`${server.url}/accounts/${id}/edit`);
      await page.getByTestId(`delete-${name}`).click();
      await page.getByText(TEXT[locale].confirmDelete(name)).waitFor();
      await shot(page, `account-edit-delete-${locale}`);
      await confirmInBubble(page, TEXT[locale].delete);
      await page.waitForURL(`${server.url}/accounts`);
      await page.getByText(TEXT[locale].deleted).first().waitFor();
      await expect(root.get(`/api/common/users/${id}`)).rejects.toThrow(/404/);
      await shot(page, `account-deleted-${locale}`);

      // Deleted meanwhile by someone else: the list says so and refreshes without the account.
      const gone = `gone-${locale.toLowerCase()}`;
      const goneId = await createAccount(root, gone, 'general');
      await page.goto(`${server.url}/accounts`);
      const search = page.locator('[data-testid="account-search"] input, input[data-testid="account-search"]').first();
      await search.fill(gone);
      await search.press('Enter');
      await page.getByTestId(`delete-${gone}`).click();
      await root.send('DELETE', `/api/common/users/${goneId}`, {});
      await confirmInBubble(page, TEXT[locale].delete);
      await page.locator('.ant-notification-notice', { hasText: TEXT[locale].notFound }).waitFor();
      await page.getByTestId(`delete-${gone}`).waitFor({ state: 'detached' });
      await shot(page, `account-delete-failed-${locale}`);
      // The 404 of the failed delete is the expected console error.
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await page.context().close();
    }
  });

  it('an administrator is offered deletion only for accounts below the administrators (zh-CN, en)', async () => {
    await createAccount(root, 'adm-one', 'admin');
    await createAccount(root, 'adm-two', 'admin');
    await createAccount(root, 'plain-one', 'general');
    for (const locale of LOCALES) {
      const { page, errors } = await openPage(browser, locale);
      await signIn(page, server.url, 'adm-one', PASSWORD);
      await page.goto(`${server.url}/accounts`);
      await page.getByTestId('delete-plain-one').waitFor();
      for (const name of ['root', 'adm-one', 'adm-two']) {
        expect(await page.getByTestId(`delete-${name}`).count(), name).toBe(0);
      }
      await shot(page, `accounts-admin-${locale}`);
      await noConsoleErrors(errors);
      await page.context().close();
    }
  });

  it('attribute configuration in steps: edit (unsaved, guarded), save the draft (checked item by item), apply; a later draft discarded (zh-CN, en)', async () => {
    const attrs = () => root.get<{ items: Attr[]; available: Attr[] }>(`/api/common/projects/${projectId}/attributes`);
    const draft = () =>
      root.get<{ pending: boolean; attributes: Attr[] }>(`/api/common/projects/${projectId}/attributes/config/check`);
    const { available } = await attrs();
    expect(available.length).toBeGreaterThan(1);
    await root.send('POST', `/api/common/projects/${projectId}/attributes/config/cancel`, {});

    for (const [i, locale] of LOCALES.entries()) {
      const attr = available[i]!;
      const before = (await attrs()).items;
      const { page, errors } = await rootPage(locale);
      await page.goto(`${server.url}/projects/${projectId}/attribute-management`);
      await page.getByTestId('attribute-in-force').waitFor();

      // Step 1, edit: move one attribute into the project's list and retitle it.
      const source = page.locator('.ant-transfer-section').first();
      await source.locator('.ant-transfer-list-content-item', { hasText: `(${attr.name})` }).click();
      await page.locator('.ant-transfer-actions button').first().click();
      const row = page.locator('.ant-table-row', { hasText: attr.name });
      await row.locator('input').nth(1).fill(`E2E ${locale}`);
      await page.getByTestId('attribute-unsaved').waitFor();
      // Leaving with unsaved edits asks first; staying keeps them.
      await page.locator('.ant-tabs-tab', { hasText: TEXT[locale].userManagement }).click();
      const guard = page.getByRole('dialog');
      await guard.waitFor();
      await shot(page, `attribute-leave-guard-${locale}`);
      await guard.getByRole('button', { name: TEXT[locale].stay }).click();
      await guard.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/projects/${projectId}/attribute-management`);
      await shot(page, `attribute-unsaved-${locale}`);
      await expectAccessible(page, `attribute management ${locale}`);
      expect((await draft()).pending).toBe(false);

      // Step 2, check: saving the draft shows the server's report, one row per attribute.
      await page.getByTestId('attribute-save-draft').click();
      await page.getByText(TEXT[locale].draftSaved).first().waitFor();
      const report = page.getByTestId('attribute-draft').getByTestId('row-report');
      await report.waitFor();
      expect(await report.locator('.ant-table-row').count()).toBe(before.length + 1);
      expect(await report.locator('.ml-row-bad').count()).toBe(0);
      await page.getByTestId('attribute-unsaved').waitFor({ state: 'detached' });
      expect(await page.getByTestId('attribute-apply').isEnabled()).toBe(true);
      expect((await attrs()).items).toEqual(before);
      await shot(page, `attribute-draft-checked-${locale}`);

      // Step 3, apply: the draft is the configuration now.
      await page.getByTestId('attribute-apply').click();
      await page.getByText(TEXT[locale].applied).first().waitFor();
      await page.getByTestId('attribute-in-force').waitFor();
      const applied = (await attrs()).items;
      expect(applied.map((a) => a.name)).toEqual([...before.map((a) => a.name), attr.name]);
      expect(applied.at(-1)!.title_en).toBe(`E2E ${locale}`);
      expect((await draft()).pending).toBe(false);

      // A later draft (the attribute taken out again) is discarded after confirmation: nothing changes.
      await page
        .locator('.ant-transfer-section')
        .nth(1)
        .locator('.ant-transfer-list-content-item', {
          hasText: `(${attr.name})`,
        })
        .click();
      await page.locator('.ant-transfer-actions button').nth(1).click();
      await page.getByTestId('attribute-save-draft').click();
      await page.getByTestId('attribute-draft').waitFor();
      expect((await draft()).attributes.map((a) => a.name)).toEqual(before.map((a) => a.name));
      await page.getByTestId('attribute-discard').click();
      await shot(page, `attribute-discard-confirm-${locale}`);
      await confirmInBubble(page, TEXT[locale].ok);
      await page.getByText(TEXT[locale].discarded).first().waitFor();
      await page.getByTestId('attribute-in-force').waitFor();
      expect((await draft()).pending).toBe(false);
      expect((await attrs()).items).toEqual(applied);
      // The editor is back on the configuration in force.
      await page.locator('.ant-table-row', { hasText: attr.name }).waitFor();
      await noConsoleErrors(errors);
      await page.context().close();
    }
  });

  it('the project limits shops (then brands too); member grants of shops and brands then bound what the member sees (zh-CN, en)', async () => {
    interface Member {
      user_id: number;
      brands: string[];
      shops: string[];
    }
    for (const locale of LOCALES) {
      const { page, errors } = await rootPage(locale);
      // zh-CN switches shops on; en switches brands on as well.
      await page.goto(`${server.url}/projects/${projectId}/info`);
      await page.getByTestId('project-form').waitFor();
      const switches = locale === 'zh-CN' ? ['limit-shops'] : ['limit-brands'];
      for (const s of switches) await page.getByTestId(s).click();
      await page.getByTestId('limits-notice').waitFor();
      await shot(page, `project-limits-${locale}`);
      await page.getByTestId('project-submit').click();
      await page.getByText(TEXT[locale].saved).first().waitFor();
      const project = await root.get<{ limit_shops: boolean; limit_brands: boolean }>(
        `/api/common/projects/${projectId}`,
      );
      expect(project).toMatchObject({ limit_shops: true, limit_brands: locale === 'en' });

      // A member with all categories and one granted shop (and brand).
      const name = `grant-${locale.toLowerCase()}`;
      const userId = await createAccount(root, name, 'general');
      await page.goto(`${server.url}/projects/${projectId}/user-management`);
      await page.getByTestId('add-member').click();
      const modal = page.getByRole('dialog');
      await modal.waitFor();
      await modal.locator('#user_id').fill(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
      // The member list closes with an animation: its options must be gone before a grant list opens,
      // or "the first visible option" below would be a user (seen in CI).
      await dropdownsClosed(page);
      await modal.getByRole('button', { name: TEXT[locale].allCategories }).click();
      const kinds = locale === 'en' ? (['shops', 'brands'] as const) : (['shops'] as const);
      expect(await modal.getByTestId('grant-brands').count()).toBe(locale === 'en' ? 1 : 0);
      for (const kind of kinds) {
        // The grant list loads its options as it opens and may render them anew while a busy machine
        // catches up, so a click can land on an option that is being replaced: pick until the choice
        // shows in the field.
        const select = modal.getByTestId(`grant-${kind}`);
        const chosen = select.locator('.ant-select-selection-item');
        const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
        await expect
          .poll(
            async () => {
              if ((await chosen.count()) > 0) return true;
              if ((await option.count()) === 0) await select.click();
              await option.click({ timeout: 5000 }).catch(() => undefined);
              return (await chosen.count()) > 0;
            },
            { timeout: 30_000, interval: 250 },
          )
          .toBe(true);
        await page.keyboard.press('Escape');
        await dropdownsClosed(page);
      }
      await shot(page, `member-grants-${locale}`);
      await modal.getByRole('button', { name: TEXT[locale].save }).click();
      await modal.waitFor({ state: 'hidden' });
      const row = page.locator('.ant-table-row', { hasText: name });
      await row.getByText(TEXT[locale].shop, { exact: true }).waitFor();
      await shot(page, `members-grants-${locale}`);
      await expectAccessible(page, `member management ${locale}`);

      const member = (await root.get<{ items: Member[] }>(`/api/common/projects/${projectId}/users`)).items.find(
        (m) => m.user_id === userId,
      )!;
      expect(member.shops).toHaveLength(1);
      expect(member.shops[0]).toMatch(/^\d+,\d+$/);
      expect(member.brands).toHaveLength(locale === 'en' ? 1 : 0);
      // What the member sees is bounded by the grants: with shops only, exactly the granted shop; with a
      // brand as well, at most that brand in that shop (possibly nothing, if the shop does not sell it).
      const me = await signInApi(server.url, name, PASSWORD);
      const seen = async (kind: 'shops' | 'brands') =>
        (
          await me.get<{ items: { value?: string; id?: number }[] }>(
            `/api/common/${kind}?data_scope_id=${projectId}&page_size=500`,
          )
        ).items.map((i) => i.value ?? String(i.id));
      if (locale === 'zh-CN') expect(await seen('shops')).toEqual(member.shops);
      else {
        for (const kind of ['shops', 'brands'] as const) {
          for (const v of await seen(kind)) expect(member[kind]).toContain(v);
        }
      }
      const all = await root.get<{ total: number }>(`/api/common/shops?data_scope_id=${projectId}&page_size=1`);
      expect(all.total).toBeGreaterThan(1);
      await noConsoleErrors(errors);
      await page.context().close();
    }
    // Back to the demo's unlimited project for whatever runs next.
    await root.send('PUT', `/api/common/projects/${projectId}`, { limit_shops: false, limit_brands: false });
  });

  it('the personal centre issues a child application its own sign-in (zh-CN, en)', async () => {
    for (const locale of LOCALES) {
      const { page, errors } = await rootPage(locale);
      await page.goto(`${server.url}/personal-center`);
      await page.getByTestId('child-app-key').fill('ym_report');
      await page.getByTestId('child-app-token').click();
      await page.getByText(TEXT[locale].issued).first().waitFor();
      const token = (await page.getByTestId('child-access-token').textContent())!.trim();
      // The issued token is a child session of root's: the same account, ended with the parent.
      const res = await fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await res.json()) as { data: { user: { username: string } } }).data.user.username).toBe('root');
      await shot(page, `child-app-token-${locale}`);
      await expectAccessible(page, `personal centre ${locale}`);
      await noConsoleErrors(errors);
      await page.context().close();
    }
  });
});
