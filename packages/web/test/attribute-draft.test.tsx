import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import AttributeManagementPage from '../src/features/projects/AttributeManagementPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, ok, projectOf, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

interface Attr {
  name: string;
  title: string;
  title_en: string;
  sort_order?: number;
}

const AVAILABLE: Attr[] = [
  { name: 'color', title: '颜色', title_en: 'Color' },
  { name: 'skin', title: '肤质', title_en: 'Skin type' },
];
const PROJECT = projectOf();

/**
 * The attribute API of project 1 as the server has it: the configuration in force, a draft that is
 * saved (POST config), checked item by item (GET config/check: unknown names are errors), applied
 * (PUT attributes) or discarded (POST config/cancel).
 */
function attributeServer(start: { items: Attr[]; draft?: Attr[] }) {
  const state = { items: start.items, draft: start.draft };
  const base = '*/api/common/projects/1';
  server.use(
    http.get(base, () => ok(PROJECT)),
    http.get(`${base}/attributes`, () => ok({ items: state.items, available: AVAILABLE })),
    http.get(`${base}/attributes/config/check`, () => {
      if (!state.draft) return ok({ pending: false, attributes: [], valid: true, rows: 0, errors: [] });
      const errors = state.draft.flatMap((a, i) =>
        AVAILABLE.some((x) => x.name === a.name)
          ? []
          : [{ row: i + 1, field: 'name', problem: 'The attribute does not exist in the dataset.' }],
      );
      return ok({
        pending: true,
        attributes: state.draft,
        valid: errors.length === 0,
        rows: state.draft.length,
        errors,
      });
    }),
    http.post(`${base}/attributes/config`, async ({ request }) => {
      state.draft = ((await request.json()) as { attributes: Attr[] }).attributes;
      return ok({ message: 'ok' });
    }),
    http.post(`${base}/attributes/config/cancel`, () => {
      state.draft = undefined;
      return ok({ message: 'ok' });
    }),
    http.put(`${base}/attributes`, async ({ request }) => {
      state.items = ((await request.json()) as { attributes: Attr[] }).attributes;
      return ok({ items: state.items, available: AVAILABLE });
    }),
  );
  return state;
}

const ROOT = userOf(1, 'root', 'root');
const PAGE = '/projects/1/attribute-management';
function renderPage() {
  return renderAdmin(
    [
      { path: '/projects/:id/attribute-management', element: <AttributeManagementPage /> },
      { path: '/projects/:id/user-management', element: <p>members screen</p> },
    ],
    PAGE,
    ROOT,
  );
}

const writes = () =>
  calls.filter((c) => !c.call.startsWith('GET')).map((c) => c.call.replace('/api/common/projects/1', ''));
const button = (name: RegExp | string) => screen.getByRole('button', { name });
/** The current step of the Steps bar (1-based), read from antd's "process" marker. */
const currentStep = () => {
  const items = [...screen.getByTestId('attribute-steps').querySelectorAll('.ant-steps-item')];
  return items.findIndex((i) => i.className.includes('ant-steps-item-active')) + 1;
};

describe('attribute configuration in draft steps', () => {
  it('edit → unsaved marker → save draft (checked per item) → apply (en)', async () => {
    await setLocale('en');
    const state = attributeServer({ items: [{ ...AVAILABLE[0]!, sort_order: 0 }] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('attribute-in-force', undefined, FIRST);
    expect(currentStep()).toBe(1);
    expect(screen.queryByTestId('attribute-unsaved')).toBeNull();

    // Step 1: an edit is marked as unsaved; nothing is sent yet.
    const english = await screen.findByDisplayValue('Color');
    await user.type(english, ' shade');
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    expect(writes()).toEqual([]);

    // Step 2: the draft is saved and the server's report shows each item.
    await user.click(button('Save draft and check'));
    expect(await screen.findByText('Draft saved; see the check below')).toBeTruthy();
    const draft = await screen.findByTestId('attribute-draft');
    expect(
      within(draft).getByText('A draft attribute configuration is waiting to be applied (1 attributes)'),
    ).toBeTruthy();
    expect(within(draft).getByText('The draft passed the check and can be applied')).toBeTruthy();
    expect(within(draft).getByText('Color shade')).toBeTruthy();
    expect(within(draft).getByText('OK')).toBeTruthy();
    expect(state.draft).toEqual([{ name: 'color', title: '颜色', title_en: 'Color shade', sort_order: 0 }]);
    expect(state.items[0]!.title_en).toBe('Color');
    await waitFor(() => expect(screen.queryByTestId('attribute-unsaved')).toBeNull());
    expect(currentStep()).toBe(3);

    // Step 3: applying puts the draft in force and clears it.
    await user.click(screen.getByTestId('attribute-apply'));
    expect(await screen.findByText('Attribute configuration applied')).toBeTruthy();
    await screen.findByTestId('attribute-in-force');
    expect(writes()).toEqual(['POST /attributes/config', 'PUT /attributes', 'POST /attributes/config/cancel']);
    expect(state.items.map((a) => a.title_en)).toEqual(['Color shade']);
    expect(state.draft).toBeUndefined();
  });

  it('a draft with problems shows them row by row, cannot be applied, and is discarded after confirmation (zh-CN)', async () => {
    await setLocale('zh-CN');
    const state = attributeServer({
      items: [AVAILABLE[0]!],
      draft: [AVAILABLE[1]!, { name: 'nope', title: '无', title_en: 'None' }],
    });
    const user = userEvent.setup();
    renderPage();
    const draft = await screen.findByTestId('attribute-draft', undefined, FIRST);
    expect(within(draft).getByText('有一份待生效的属性配置草稿（2 个属性）')).toBeTruthy();
    expect(within(draft).getByText('草稿有问题，修改后重新保存草稿')).toBeTruthy();
    const bad = within(draft).getByText('nope').closest('tr') as HTMLElement;
    expect(bad.className).toContain('ml-row-bad');
    expect(within(bad).getByText(/The attribute does not exist in the dataset\./)).toBeTruthy();
    expect(within(draft).getByText('skin').closest('tr')?.className).not.toContain('ml-row-bad');
    expect((screen.getByTestId('attribute-apply') as HTMLButtonElement).disabled).toBe(true);
    expect(currentStep()).toBe(2);
    // The editor starts from the draft.
    expect(screen.getByDisplayValue('Skin type')).toBeTruthy();

    await user.click(screen.getByTestId('attribute-discard'));
    const bubble = (await screen.findByText('放弃这份草稿？当前生效的配置保持不变。')).closest(
      '.ant-popconfirm',
    ) as HTMLElement;
    expect(writes()).toEqual([]);
    await user.click(within(bubble).getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('草稿已放弃')).toBeTruthy();
    await screen.findByTestId('attribute-in-force');
    expect(writes()).toEqual(['POST /attributes/config/cancel']);
    expect(state.items).toEqual([AVAILABLE[0]]);
    // Back on the configuration in force.
    expect(await screen.findByDisplayValue('Color')).toBeTruthy();
    expect(screen.queryByDisplayValue('Skin type')).toBeNull();
  });

  it('unsaved edits over a pending draft block applying until saved; undo asks first (en)', async () => {
    await setLocale('en');
    attributeServer({ items: [], draft: [AVAILABLE[0]!] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('attribute-draft', undefined, FIRST);
    const apply = screen.getByTestId('attribute-apply') as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));

    await user.type(screen.getByDisplayValue('颜色'), '!');
    await screen.findByTestId('attribute-unsaved');
    expect(apply.disabled).toBe(true);
    expect(screen.getByTestId('attribute-apply-blocked').textContent).toContain('save them as the draft');
    expect(currentStep()).toBe(1);

    await user.click(screen.getByTestId('attribute-revert'));
    await user.click(
      within(
        (await screen.findByText('Undo the unsaved changes?')).closest('.ant-popconfirm') as HTMLElement,
      ).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(screen.queryByTestId('attribute-unsaved')).toBeNull());
    expect(screen.getByDisplayValue('颜色')).toBeTruthy();
    expect(apply.disabled).toBe(false);
    expect(writes()).toEqual([]);
  });

  it('leaving with unsaved edits asks first: stay keeps them, leave goes (en)', async () => {
    await setLocale('en');
    attributeServer({ items: [AVAILABLE[0]!] });
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(await screen.findByDisplayValue('Color', undefined, FIRST), '+');
    await screen.findByTestId('attribute-unsaved');

    await act(() => router.navigate('/projects/1/user-management'));
    expect(await screen.findByText('Leave this page?')).toBeTruthy();
    await user.click(button('Stay'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByDisplayValue('Color+')).toBeTruthy();

    // Asked again (the first answer did not switch the guard off), and this time left.
    await act(() => router.navigate('/projects/1/user-management'));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('members screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects/1/user-management');
  });

  it('without unsaved edits, leaving is not held up', async () => {
    await setLocale('en');
    attributeServer({ items: [AVAILABLE[0]!] });
    const router = renderPage();
    await screen.findByDisplayValue('Color', undefined, FIRST);
    await act(() => router.navigate('/projects/1/user-management'));
    expect(await screen.findByText('members screen')).toBeTruthy();
    expect(screen.queryByText('Leave this page?')).toBeNull();
  });
});
