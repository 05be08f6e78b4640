import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import ProjectInfoPage from '../src/features/projects/ProjectInfoPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { FIRST, fail, ok, projectOf, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const DATASETS = ['cn_monthly', 'cn_weekly'].map((name) => ({
  table_name: name,
  title: name,
  title_en: name,
  date_field: 'month',
  currency_unit: 'CNY',
  cur_symbol: '¥',
  has_series: false,
  discount_price: false,
  farthest_date: '2026-01-01',
  latest_date: '2026-11-01',
}));
const CATEGORY = {
  category_id: 5,
  category_name: '面霜',
  category_name_en: 'Cream',
  level: 3,
  parent: 2,
  status: 'ready',
};

function renderInfo(categories: unknown[], datasets: unknown[] = DATASETS, dataset = 'cn_monthly') {
  server.use(
    http.get('*/api/common/projects/7', () => ok(projectOf({ id: 7, name: 'Skin', data_scope: dataset }))),
    http.get('*/api/common/projects/7/categories', () => ok({ items: categories })),
    http.get('*/api/common/tables', () => ok({ items: datasets })),
    http.get('*/api/common/currencies', () =>
      ok({
        items: [
          { currency_unit: 'CNY', cur_symbol: '¥' },
          { currency_unit: 'USD', cur_symbol: '$' },
        ],
      }),
    ),
    http.get('*/api/common/users/brief', () => ok({ items: [] })),
    http.post('*/api/common/projects/check', () => ok({ exists: false, message: '' })),
  );
  renderAdmin(
    [{ path: '/projects/:id/info', element: <ProjectInfoPage /> }],
    '/projects/7/info',
    userOf(1, 'adm', 'admin'),
  );
}

const datasetSelect = () => screen.getByTestId('field-dataset').closest('.ant-select')!;

describe('project info: the dataset of a project that has categories', () => {
  it('cannot be picked, and the field says why (en)', async () => {
    await setLocale('en');
    renderInfo([CATEGORY]);
    expect((await screen.findByTestId('dataset-locked', {}, FIRST)).textContent).toBe(
      "The dataset cannot be changed while the project has categories: remove them (and the members' brand and shop grants) first.",
    );
    expect(datasetSelect().className).toMatch(/ant-select-disabled/);
  });

  it('can be picked while there are none; a refusal of the server (grants left) is shown as it says it (zh-CN)', async () => {
    await setLocale('zh-CN');
    renderInfo([]);
    const msg = '项目仍有品类或成员数据权限时不能更换数据集';
    server.use(http.put('*/api/common/projects/7', () => fail(400, msg, 'dataset_in_use')));
    await screen.findByDisplayValue('Skin', {}, FIRST);
    await waitFor(() => expect(datasetSelect().className).not.toMatch(/ant-select-disabled/));
    expect(screen.queryByTestId('dataset-locked')).toBeNull();
    await userEvent.click(screen.getByTestId('project-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain(msg);
  });
});

describe('project info: granularity and currency follow the dataset', () => {
  const weekly = {
    ...DATASETS[0]!,
    table_name: 'us_weekly',
    date_field: 'week',
    currency_unit: 'USD',
    cur_symbol: '$',
  };

  it('a weekly USD dataset offers only Weekly and USD (en)', async () => {
    await setLocale('en');
    renderInfo([], [DATASETS[0], weekly], 'us_weekly');
    await screen.findByDisplayValue('Skin', {}, FIRST);
    const granularity = screen.getByTestId('field-granularity');
    await waitFor(() => expect(granularity.textContent).toBe('Weekly'));
    const currency = screen.getByTestId('field-currency').closest('.ant-select')!;
    await userEvent.click(currency.querySelector('.ant-select-content, .ant-select-selector') ?? currency);
    const options = await screen.findAllByRole('option');
    // The listbox of antd names each option by its value: one option, USD.
    expect(options.map((o) => o.textContent)).toEqual(['USD']);
  });

  it('a monthly dataset no longer offers Weekly (zh-CN)', async () => {
    await setLocale('zh-CN');
    renderInfo([]);
    await screen.findByDisplayValue('Skin', {}, FIRST);
    await waitFor(() => expect(screen.getByTestId('field-granularity').textContent).toBe('按月'));
  });
});
