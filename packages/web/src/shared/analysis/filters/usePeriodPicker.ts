import { periodStart } from '@marketlens/shared';
import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import { useTranslation } from 'react-i18next';
import type { DatePair } from '../filter.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';

// The week tokens (GGGG, WW) are plugins antd adds only with the picker's own code: the field shown
// before the picker loads (LazyRangePicker) formats with them too, or it reads "2020-Www".
dayjs.extend(advancedFormat);
dayjs.extend(isoWeek);

/**
 * The label format of a period in the pickers: ISO weeks (Monday weeks, the year of their Thursday),
 * whatever the language's calendar, so the picker names a week as the charts and downloads do
 * (`periodLabel`, docs/product.md §4).
 */
export function periodFormat(granularity: 'month' | 'week', en: boolean): string {
  if (granularity === 'month') return 'YYYY-MM';
  return en ? 'GGGG-[W]WW' : 'GGGG-第WW周';
}

/** The range pickers' settings of the project's granularity (months or weeks) within the dataset's range. */
export function usePeriodPicker() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { bounds, granularity, defaultDate } = useAnalysisFilter();
  const toPeriod = (d: Dayjs) => periodStart(d.format('YYYY-MM-DD'), granularity);
  return {
    defaultDate,
    picker: granularity === 'week' ? ('week' as const) : ('month' as const),
    format: periodFormat(granularity, en),
    /** A picked pair as period starts; null until both ends are chosen. */
    pickPair: (v: [Dayjs | null, Dayjs | null] | null): DatePair | null =>
      v?.[0] && v[1] ? [toPeriod(v[0]), toPeriod(v[1])] : null,
    disabledDate: (d: Dayjs) => {
      if (!bounds) return false;
      const p = toPeriod(d);
      return p < periodStart(bounds[0], granularity) || p > periodStart(bounds[1], granularity);
    },
    toDayjs: (pair: DatePair | null | undefined): [Dayjs, Dayjs] | null =>
      pair ? [dayjs(pair[0]), dayjs(pair[1])] : null,
  };
}
