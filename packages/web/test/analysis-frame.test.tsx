import { MESSAGES } from '@marketlens/shared';
import type { Warning } from '@marketlens/shared/contracts';
import { type Endpoint, INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadButton, FilterPanel, PanelCard, panelState, useAnalysisQuery } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  fail,
  ok,
  projectBrief,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

/** A story-like harness: the app's providers around one analysis frame piece, on a memory router. */
const SKIN_VALUES = Array.from({ length: 12 }, (_, i) => ({ value: `肤质${i + 1}`, value_en: `skin${i + 1}` }));

/** The filter panel's reference data: a CNY project, one channel, an attribute with 12 values, one brand. */
const frameHandlers = () =>
  referenceHandlers({
    user: analysisUser([1, 4, 5]),
    brief: projectBrief({ currency_unit: 'CNY', cur_symbol: '¥' }),
    channels: [
      {
        platform_id: 1,
        code: 'tmall',
        platform: '天猫',
        platform_en: 'Tmall',
        channels: [{ code: 'flagship', shop_type: '旗舰店', shop_type_en: 'Flagship', is_active: true }],
      },
    ],
    attributes: [{ name: 'skin', title: '肤质', title_en: 'Skin type', filter_values: SKIN_VALUES }],
    brands: [{ id: 9, name: '品牌九', name_en: 'Brand Nine' }],
  });

const renderFrame = (ui: ReactNode, url = '/discover') => renderAt(ui, url);

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(...frameHandlers());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// antd forms in jsdom on a shared 2-core machine are slow; these tests interact a lot.
describe('FilterPanel', () => {
  it('Apply writes the URL, back returns to the previous filter, Reset clears the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderFrame(<FilterPanel />, '/discover?tab=2');
    await user.click(await screen.findByTestId('filter-more'));
    fireEvent.change(screen.getByTestId('filter-price-min'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('filter-price-max'), { target: { value: '200' } });
    await user.click(screen.getByRole('switch'));
    await user.type(screen.getByTestId('filter-keyword-input'), 'lipstick matte{Enter}');
    await user.click(screen.getByText('Any of them (OR)'));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2&kw=lipstick,matte&op=or&p=10,200&fav=1'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=2');
    await waitFor(() => expect((screen.getByTestId('filter-price-min') as HTMLInputElement).value).toBe(''));
    await act(() => router.navigate(1));
    await waitFor(() => expect((screen.getByTestId('filter-price-min') as HTMLInputElement).value).toBe('10'));

    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect((screen.getByTestId('filter-price-max') as HTMLInputElement).value).toBe('');
  });

  it('docs/product.md §5 messages: negative price, min above max, duplicate keyword; an invalid filter is not applied', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderFrame(<FilterPanel />);
    await user.click(await screen.findByTestId('filter-more'));
    await user.type(screen.getByTestId('filter-price-min'), '-5');
    expect(await screen.findByText('Do not input negative numbers')).toBeTruthy();
    await user.clear(screen.getByTestId('filter-price-min'));
    await user.type(screen.getByTestId('filter-price-min'), '300');
    await user.type(screen.getByTestId('filter-price-max'), '200');
    expect(await screen.findByText('The first value cannot be greater than the second.')).toBeTruthy();
    await user.click(screen.getByTestId('filter-apply'));
    expect(await screen.findByText('Please fix the errors in the filters first')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await user.type(screen.getByTestId('filter-keyword-input'), 'Lipstick{Enter}');
    await user.type(screen.getByTestId('filter-keyword-input'), 'lipstick{Enter}');
    expect(await screen.findByText('This keyword already exists!')).toBeTruthy();
  });

  it('docs/product.md §5 messages in Chinese: benchmark period not earlier than the target (from a shared link)', async () => {
    await setLocale('zh-CN');
    renderFrame(<FilterPanel />, '/discover?t=2024-01-01,2024-06-01&vs=custom&bt=2024-02-01,2024-07-01');
    expect(await screen.findByText('对比周期必须早于目标周期')).toBeTruthy();
  });

  it('super query: the shared parser message with its position', async () => {
    const user = userEvent.setup({ delay: null });
    renderFrame(<FilterPanel />);
    await user.click(await screen.findByTestId('filter-more'));
    await user.click(screen.getByText('Super query'));
    fireEvent.change(screen.getByTestId('filter-super'), { target: { value: '"a" and' } });
    expect(
      await screen.findByText('The format of the super query clause is incorrect (near character 8).'),
    ).toBeTruthy();
  });

  it('refuses an 11th attribute value with the docs/product.md §5 message and keeps the 10', async () => {
    const user = userEvent.setup({ delay: null });
    const ten = SKIN_VALUES.slice(0, 10)
      .map((v) => `a=skin:${encodeURIComponent(v.value)}`)
      .join('&');
    const router = renderFrame(<FilterPanel />, `/discover?${ten}`);
    await user.click(await screen.findByTestId('filter-more'));
    const select = await screen.findByTestId('filter-attribute-skin');
    await user.type(within(select).getByRole('combobox'), 'skin11');
    await user.click(await screen.findByTitle('skin11'));
    expect(await screen.findByText('Select at most 10 attribute values.')).toBeTruthy();
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search.match(/a=skin/g)?.length).toBe(10));
  });
});

/** A stand-in endpoint of the shared tables' shape: POST /summary with a made-up answer. */
const SUMMARY = { method: 'POST', path: '/summary', pages: [4], access: 'pages', file: false } as Endpoint<
  { metric: string },
  { total: string; warnings: Warning[] }
>;

function SummaryPanel() {
  const q = useAnalysisQuery(SUMMARY, { metric: 'sales' });
  return (
    <PanelCard title="t" subject="the summary" {...panelState(q)}>
      {q.data && <span data-testid="content">{q.data.total}</span>}
    </PanelCard>
  );
}

describe('useAnalysisQuery and PanelCard', () => {
  it('POSTs the project, the wire filter (default period) and the page fields', async () => {
    server.use(http.post('*/api/common/summary', () => ok({ total: 'T1', warnings: [] })));
    renderFrame(<SummaryPanel />, '/discover?c=3&ch=1:flagship&b=9&kw=口红&p=,200&vs=yoy');
    expect(await screen.findByText('T1')).toBeTruthy();
    const sent = callsTo('summary', 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      data_scope_id: 1,
      locale: 'en_us',
      date: ['2023-07-01', '2024-06-01'],
      selector: 'yoy',
      category: { enable: true, value: [3] },
      channels: ['1,flagship'],
      brands: [9],
      goodsKeywords: { enable: true, input_type: 'keyword', condition_type: 'AND', value: ['口红'] },
      bands: [null, 200],
      metric: 'sales',
    });
  });

  it('keeps the previous content while a new filter loads, shows the warnings, then retry after a failure', async () => {
    let release: () => void = () => undefined;
    let mode: 'ok' | 'slow' | 'fail' = 'ok';
    server.use(
      http.post('*/api/common/summary', async ({ request }) => {
        const body = (await request.json()) as { brands?: number[] };
        if (mode === 'slow') await new Promise<void>((r) => (release = r));
        if (mode === 'fail') return fail(400, 'bad');
        return ok({
          total: `brands ${body.brands?.join() ?? 'all'}`,
          warnings: [{ code: 'analytics.unequalPeriods', msg: 'unequal' }],
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const router = renderFrame(<SummaryPanel />);
    expect(await screen.findByText('brands all')).toBeTruthy();
    expect(screen.getByText('The compared periods have different lengths.')).toBeTruthy();

    mode = 'slow';
    await act(() => router.navigate('/discover?b=9'));
    // Pending at once, previous content still on screen.
    expect(await screen.findByTestId('panel-pending')).toBeTruthy();
    expect(screen.getByText('brands all')).toBeTruthy();
    release();
    expect(await screen.findByText('brands 9')).toBeTruthy();
    expect(screen.queryByTestId('panel-pending')).toBeNull();

    mode = 'fail';
    await act(() => router.navigate('/discover?b=10'));
    expect(await screen.findByText('Failed to get the summary, please try again later')).toBeTruthy();
    mode = 'ok';
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('brands 10')).toBeTruthy();
  });

  it('shows the no-data state for the analytics.noData warning', async () => {
    server.use(
      http.post('*/api/common/summary', () =>
        ok({ total: 'x', warnings: [{ code: 'analytics.noData', msg: 'no data' }] }),
      ),
    );
    renderFrame(<SummaryPanel />);
    // The default range is covered (the harness's dataset has no gaps): the filter matches nothing.
    expect(await screen.findByText(MESSAGES.en['analysis.empty.noMatch'])).toBeTruthy();
    expect(screen.queryByTestId('content')).toBeNull();
  });
});

describe('DownloadButton', () => {
  it('shows the server "empty download data" message and saves a real file otherwise', async () => {
    let empty = true;
    server.use(
      http.post('*/api/common/top/downloads', () =>
        empty
          ? fail(400, 'There is no data to download for this filter.', 'download_empty')
          : new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
              headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
            }),
      ),
    );
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          created.push(b);
          return 'blob:x';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    renderFrame(
      <DownloadButton endpoint={INSIGHT_ENDPOINTS.topDownload} body={{ sort: 'sales' }} fileName="top brands" />,
      '/discover?b=9',
    );
    const button = await screen.findByTestId('download-button');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText('There is no data to download for this filter.')).toBeTruthy();
    const sent = callsTo('top/downloads', 'POST')[0]!.body;
    expect(sent).toMatchObject({ data_scope_id: 1, brands: [9], sort: 'sales', selector: 'mom' });
    expect(clicked).toEqual([]);

    empty = false;
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual(['top brands.xlsx']));
    expect(created[0]!.size).toBe(4);
    click.mockRestore();
  });

  it('shows "download failed" for a server error', async () => {
    server.use(http.post('*/api/common/top/downloads', () => fail(503, 'x')));
    const user = userEvent.setup({ delay: null });
    renderFrame(<DownloadButton endpoint={INSIGHT_ENDPOINTS.topDownload} fileName="f" />);
    const button = await screen.findByTestId('download-button');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText('Download failed, please try again later')).toBeTruthy();
  });
});
