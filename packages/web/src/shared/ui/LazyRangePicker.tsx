import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider, type DatePicker, type GetProps, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useContext, useState } from 'react';
import { TEXT_DESCRIPTION } from './theme.js';

export type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

const loadPicker = () => import('antd/es/date-picker');
const RangePicker = lazy(() => loadPicker().then((m) => ({ default: m.default.RangePicker })));

/** Keys that only move through the page: passing over the field must not open the picker. */
const PASSING_KEYS = new Set(['Tab', 'Shift', 'Escape', 'Alt', 'Control', 'Meta']);

/** The range as the picker shows it, for the field before the picker has loaded. */
export function rangeText(value: RangePickerProps['value'], format: RangePickerProps['format']): string {
  if (!value || (!value[0] && !value[1])) return '';
  const pattern = typeof format === 'string' ? format : 'YYYY-MM-DD';
  const one = (d: Dayjs | null | undefined) => (d ? d.format(pattern) : '');
  return `${one(value[0])} ~ ${one(value[1])}`;
}

/**
 * antd's date range picker, fetched when the field is first used rather than with the page (kilobytes
 * that no first view needs: the filter panel's periods, the account, enquiry and audit screens —
ADR 0004's budgets).
 * Until then a read-only input of the same size shows the range or the placeholders. Focus fetches
 * the picker's code; a click or a key other than Tab puts the picker in its place, focused, so the user
 * goes on where they were. Focus alone does not: a keyboard user tabbing past would otherwise have the
 * picker take the focus back once its code arrived.
 */
export function LazyRangePicker(props: RangePickerProps) {
  const [active, setActive] = useState(false);
  // The picker's own placeholders (antd's locale: 开始日期 / Start date …) unless the field sets its own.
  const lang = useContext(ConfigProvider.ConfigContext).locale?.DatePicker?.lang;
  const own = Array.isArray(props.placeholder) ? props.placeholder : undefined;
  const fallback = props.picker === 'month' ? lang?.rangeMonthPlaceholder : lang?.rangePlaceholder;
  const placeholder = (own ?? fallback)?.join(' ~ ');
  const stand = (
    <Input
      readOnly
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      aria-label={props['aria-label']}
      value={rangeText(props.value, props.format)}
      placeholder={placeholder}
      style={props.style}
      suffix={<CalendarOutlined style={{ color: TEXT_DESCRIPTION }} />}
      disabled={props.disabled === true}
      onFocus={() => void loadPicker()}
      onMouseDown={() => setActive(true)}
      onKeyDown={(e) => {
        if (!PASSING_KEYS.has(e.key)) setActive(true);
      }}
      data-testid={(props as { 'data-testid'?: string })['data-testid'] ?? 'range-picker-standin'}
    />
  );
  if (!active) return stand;
  return (
    <Suspense fallback={stand}>
      <RangePicker {...props} autoFocus />
    </Suspense>
  );
}
