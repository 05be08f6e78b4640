import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScrollTable } from '../src/shared/analysis/index.js';
import { initI18n } from '../src/shared/i18n/index.js';
import { stubResizeObserver } from './support/harness.js';

/** jsdom lays nothing out: the table's scroll container is given the widths a browser would measure. */
function widths(scroll: number, client: number) {
  const proto = HTMLElement.prototype;
  const scrollWidth = Object.getOwnPropertyDescriptor(proto, 'scrollWidth');
  const clientWidth = Object.getOwnPropertyDescriptor(proto, 'clientWidth');
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => scroll });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => client });
  return () => {
    if (scrollWidth) Object.defineProperty(proto, 'scrollWidth', scrollWidth);
    if (clientWidth) Object.defineProperty(proto, 'clientWidth', clientWidth);
  };
}

const columns = [
  { key: 'name', title: 'Name', dataIndex: 'name', fixed: 'left' as const, width: 160 },
  { key: 'sales', title: 'Sales', dataIndex: 'sales' },
];
const rows = [{ id: 1, name: 'Yiguo', sales: '¥8 188M' }];

describe('<ScrollTable> (docs/web.md "Fits at 1280 px")', () => {
  let restore = () => {};
  beforeAll(async () => {
    await initI18n('en');
    stubResizeObserver();
  });
  afterEach(() => restore());

  it('a table wider than its room says so above it and casts the edge shadow', async () => {
    restore = widths(1500, 976);
    const { container } = render(<ScrollTable rowKey="id" columns={columns} dataSource={rows} data-testid="t" />);
    expect((await screen.findByTestId('table-scroll-hint')).textContent).toBe('← Scroll sideways for more columns →');
    expect(container.querySelector('.ant-table-wrapper.ml-wide-table')).toBeTruthy();
    expect(container.querySelector('th.ant-table-cell-fix-start')?.textContent).toBe('Name');
  });

  it('one that fits shows no hint', () => {
    restore = widths(900, 976);
    render(<ScrollTable rowKey="id" columns={columns} dataSource={rows} data-testid="t" />);
    expect(screen.getByTestId('t')).toBeTruthy();
    expect(screen.queryByTestId('table-scroll-hint')).toBeNull();
  });

  it('in Chinese too', async () => {
    await initI18n('zh-CN');
    restore = widths(1500, 976);
    render(<ScrollTable rowKey="id" columns={columns} dataSource={rows} />);
    expect((await screen.findByTestId('table-scroll-hint')).textContent).toBe('← 左右滑动查看更多列 →');
    await initI18n('en');
  });
});
