import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { FilterPanel } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

/**
 * Custom attributes on the filter panel (docs/web-analysis.md): add, edit, delete one (saved on the
 * server per user and project), choose its words as a filter (`na` in the URL, `newAttributes` on
 * the wire), with the shared rules' messages in both languages.
 */
const SAVE = 'users/projects/1/categories/custom_attributes';
const URL_SAVE = `/api/common/${SAVE}`;

type Saved = {
  id: number;
  category_id: null;
  name: string;
  name_en: string;
  rules: { value: string; query: string }[];
};

/** A stand-in server that keeps the list: ids for new items, the list as saved. */
function customServer(initial: Saved[] = []) {
  let items = initial.map((i) => ({ ...i, editable: true }));
  let next = 100;
  return [
    http.post(`*${URL_SAVE}/queries`, () => ok({ items })),
    http.post(`*${URL_SAVE}`, async ({ request }) => {
      const body = (await request.json()) as { items: (Omit<Saved, 'id'> & { id?: number })[] };
      items = body.items.map((i) => ({ ...i, id: i.id ?? next++, category_id: null, editable: true }));
      return HttpResponse.json({ ok: true, data: { items } });
    }),
  ];
}

const HYDRATING: Saved = {
  id: 7,
  category_id: null,
  name: '保湿',
  name_en: 'Hydrating',
  rules: [
    { value: '保湿', query: '"保湿"' },
    { value: '补水', query: '"补水"' },
  ],
};

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
});

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByTestId('filter-more'));
  await user.click(await screen.findByTestId('custom-attributes-manage'));
  return screen.findByRole('dialog');
};

describe('custom attributes on the filter panel', () => {
  it('adds one (name, English name, words) saved on the server, then filters by its words', async () => {
    server.use(...customServer(), ...referenceHandlers({ user: analysisUser([4]) }));
    const user = userEvent.setup({ delay: null });
    const router = renderAt(<FilterPanel />, '/discover');
    const dialog = await open(user);
    expect(within(dialog).getByText('No custom attributes yet.')).toBeTruthy();
    await user.click(within(dialog).getByText('New attribute'));
    await user.type(within(dialog).getByLabelText('Name'), '抗衰');
    await user.type(within(dialog).getByLabelText('English name'), 'Anti-ageing');
    await user.type(within(dialog).getByLabelText('Keywords'), '抗衰 抗老，紧致{Enter}');
    expect(
      within(dialog)
        .getAllByTestId('custom-attribute-word')
        .map((w) => w.textContent),
    ).toEqual(['抗衰', '抗老', '紧致']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(callsTo(SAVE)[0]!.body).toMatchObject({
      items: [
        {
          category_id: null,
          name: '抗衰',
          name_en: 'Anti-ageing',
          rules: [
            { value: '抗衰', query: '"抗衰"' },
            { value: '抗老', query: '"抗老"' },
            { value: '紧致', query: '"紧致"' },
          ],
        },
      ],
    });
    expect(await within(dialog).findByTestId('custom-attribute-100')).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.ant-modal-close')!);

    // Its words are a filter: chosen, applied, in the URL as id:word.
    const select = await screen.findByTestId('filter-custom-attribute-100');
    await user.click(within(select).getByRole('combobox'));
    await user.click(await screen.findByTitle('抗老'));
    await user.click(await screen.findByTitle('紧致'));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toBe('?na=100:抗老&na=100:紧致'));
  });

  it('refuses a taken name and a word twice with docs/api.md messages, in English and Chinese', async () => {
    server.use(...customServer([HYDRATING]), ...referenceHandlers({ user: analysisUser([4]) }));
    const user = userEvent.setup({ delay: null });
    renderAt(<FilterPanel />, '/discover');
    let dialog = await open(user);
    await user.click(await within(dialog).findByText('New attribute'));
    await user.type(within(dialog).getByLabelText('Name'), ' 保湿 ');
    await user.type(within(dialog).getByLabelText('Keywords'), '水润{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('name already exists')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Keywords'), '水润{Enter}');
    expect(await within(dialog).findByText('This keyword already exists!')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Keywords'), 'a"b{Enter}');
    expect(await within(dialog).findByText('A keyword cannot contain a double quote.')).toBeTruthy();
    expect(callsTo(SAVE)).toHaveLength(0);

    await setLocale('zh-CN');
    await user.click(within(dialog).getByRole('button', { name: '取 消' }));
    dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('新建属性'));
    await user.type(within(dialog).getByLabelText('关键词'), '水润{Enter}');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('请输入属性名称')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('属性名称'), 'hydrating');
    await user.type(within(dialog).getByLabelText('英文名称'), 'HYDRATING');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('名称已存在')).toBeTruthy();
    expect(callsTo(SAVE)).toHaveLength(0);
  });

  it('edits one keeping its id, deletes one and drops its choices from the filter', async () => {
    server.use(...customServer([HYDRATING]), ...referenceHandlers({ user: analysisUser([4]) }));
    const user = userEvent.setup({ delay: null });
    const router = renderAt(<FilterPanel />, '/discover?na=7:保湿');
    const dialog = await open(user);
    const row = await within(dialog).findByTestId('custom-attribute-7');
    await user.click(within(row).getByText('Edit'));
    await user.type(within(dialog).getByLabelText('Keywords'), '水润{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(1));
    expect(callsTo(SAVE)[0]!.body).toMatchObject({
      items: [{ id: 7, rules: [{ value: '保湿' }, { value: '补水' }, { value: '水润', query: '"水润"' }] }],
    });

    const saved = await within(dialog).findByTestId('custom-attribute-7');
    await user.click(within(saved).getByText('Delete'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).toBeTruthy());
    await user.click(document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')!);
    await waitFor(() => expect(callsTo(SAVE)).toHaveLength(2));
    expect(callsTo(SAVE)[1]!.body).toMatchObject({ items: [] });
    expect(await within(dialog).findByText('No custom attributes yet.')).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('filter-custom-attribute-7')).toBeNull());
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
