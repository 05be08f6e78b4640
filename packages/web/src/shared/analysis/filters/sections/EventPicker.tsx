import { type EventEdition, isEventRefusal } from '@marketlens/shared';
import { Flex, InputNumber, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPick } from '../../filter.js';
import { useAnalysisFilter } from '../../useAnalysisFilter.js';
import { eventComparisonOf } from '../../useEventEditions.js';
import { useLocalName } from '../../useLocalName.js';

/** The event, its edition and how many years back, with both windows (the "same event" comparison). */
export function EventPicker({
  editions,
  pick,
  onChange,
}: {
  editions: readonly EventEdition[];
  pick: EventPick | null;
  onChange(pick: EventPick | null): void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { granularity, bounds } = useAnalysisFilter();
  const events = useMemo(() => {
    const byCode = new Map<string, EventEdition>();
    for (const e of editions) if (!byCode.has(e.code)) byCode.set(e.code, e);
    return [...byCode.values()];
  }, [editions]);
  const years = editions.filter((e) => e.code === pick?.code).map((e) => e.year);
  const c = eventComparisonOf(editions, pick, granularity, bounds);
  const window = (e: Pick<EventEdition, 'start' | 'end'>) => `${e.start} ~ ${e.end}`;
  return (
    <Flex vertical gap={4} style={{ flex: 1, minWidth: 300 }}>
      <Flex gap={8} wrap>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ flex: 1, minWidth: 120 }}
          aria-label={t('analysis.filter.eventPick')}
          placeholder={t('analysis.filter.eventPick')}
          value={pick?.code}
          options={events.map((e) => ({ value: e.code, label: name(e.name_zh, e.name_en) }))}
          onChange={(code: string) => {
            const list = editions.filter((e) => e.code === code).map((e) => e.year);
            const year = pick && list.includes(pick.year) ? pick.year : Math.max(...list);
            onChange({ code, year, back: pick?.back ?? 1 });
          }}
          data-testid="filter-event"
        />
        <Select
          style={{ width: 84 }}
          aria-label={t('analysis.filter.eventEdition')}
          placeholder={t('analysis.filter.eventEdition')}
          value={pick?.year}
          disabled={!pick}
          options={[...years].reverse().map((y) => ({ value: y, label: String(y) }))}
          onChange={(year: number) => pick && onChange({ ...pick, year })}
          data-testid="filter-event-year"
        />
        <InputNumber
          style={{ width: 112 }}
          min={1}
          max={10}
          precision={0}
          aria-label={t('analysis.filter.eventBack')}
          addonAfter={t('analysis.filter.eventBackUnit')}
          value={pick?.back ?? 1}
          disabled={!pick}
          onChange={(back) => pick && onChange({ ...pick, back: typeof back === 'number' ? back : 1 })}
          data-testid="filter-event-back"
        />
      </Flex>
      {c &&
        (isEventRefusal(c) ? (
          <Typography.Text type="danger" data-testid="filter-event-note">
            {t(c.problem, {
              ...c.params,
              name: name(String(c.params?.name_zh ?? ''), String(c.params?.name_en ?? '')),
            })}
          </Typography.Text>
        ) : (
          <Flex vertical data-testid="filter-event-note">
            <Typography.Text type="secondary">
              {t('analysis.filter.eventWindows', { year: c.current.year, window: window(c.current) })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('analysis.filter.eventBaseWindow', { baseYear: c.base.year, baseWindow: window(c.base) })}
            </Typography.Text>
            {c.approximate && <Typography.Text type="secondary">{t('analysis.filter.eventMonthly')}</Typography.Text>}
          </Flex>
        ))}
    </Flex>
  );
}
