import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LazyRangePicker, rangeText } from '../src/shared/ui/LazyRangePicker.js';
import { stubResizeObserver } from './support/harness.js';

describe('LazyRangePicker', () => {
  // An open date picker observes its popup.
  beforeAll(stubResizeObserver);

  it('shows the range as text, then the real picker once the field is used, focused and with the value', async () => {
    const range = [dayjs('2026-01-05'), dayjs('2026-03-31')] as [dayjs.Dayjs, dayjs.Dayjs];
    const { container } = render(<LazyRangePicker id="validity" value={range} placeholder={['From', 'To']} />);
    const standIn = screen.getByTestId('range-picker-standin') as HTMLInputElement;
    expect(standIn.value).toBe('2026-01-05 ~ 2026-03-31');
    expect(standIn.id).toBe('validity');
    expect(container.querySelector('.ant-picker')).toBeNull();
    // Tabbing onto and past the field leaves it as it is.
    fireEvent.focus(standIn);
    fireEvent.keyDown(standIn, { key: 'Tab' });
    expect(screen.getByTestId('range-picker-standin')).toBe(standIn);
    fireEvent.keyDown(standIn, { key: 'ArrowDown' });
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull(), { timeout: 30_000 });
    const inputs = [...container.querySelectorAll<HTMLInputElement>('.ant-picker input')];
    expect(inputs.map((i) => i.value)).toEqual(['2026-01-05', '2026-03-31']);
    expect(inputs.map((i) => i.placeholder)).toEqual(['From', 'To']);
    expect(screen.queryByTestId('range-picker-standin')).toBeNull();
  });

  it("uses the picker's own placeholders from antd's locale when the field sets none", () => {
    render(
      <ConfigProvider locale={zhCN}>
        <LazyRangePicker />
        <LazyRangePicker picker="month" data-testid="months" />
      </ConfigProvider>,
    );
    expect((screen.getByTestId('range-picker-standin') as HTMLInputElement).placeholder).toBe('开始日期 ~ 结束日期');
    expect((screen.getByTestId('months') as HTMLInputElement).placeholder).toBe('开始月份 ~ 结束月份');
  });

  it('formats with the picker format, and shows placeholders for no range', () => {
    const at = dayjs('2026-11-27T08:30:00');
    expect(rangeText([at, null], 'YYYY-MM-DD HH:mm')).toBe('2026-11-27 08:30 ~ ');
    expect(rangeText(null, undefined)).toBe('');
    render(<LazyRangePicker placeholder={['Start', 'End']} />);
    expect((screen.getByTestId('range-picker-standin') as HTMLInputElement).placeholder).toBe('Start ~ End');
  });
});
