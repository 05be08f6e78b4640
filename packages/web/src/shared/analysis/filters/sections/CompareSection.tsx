import type { EventEdition } from '@marketlens/shared';
import { Flex, Form, Segmented } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../ui/LazyRangePicker.js';
import type { EventPick, Selector } from '../../filter.js';
import { useEventEditions } from '../../useEventEditions.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { usePeriodPicker } from '../usePeriodPicker.js';

// The event's pickers are shown only once "same event" is chosen: not part of a page's first view.
const EventPicker = lazy(() => import('./EventPicker.js').then((m) => ({ default: m.EventPicker })));

/**
 * The comparison: mom | yoy | custom with its own benchmark range | the same calendar event N years
 * earlier (offered when the project's dataset brought a calendar, docs/metrics.md "Same event last year").
 */
export function CompareSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const p = usePeriodPicker();
  const editions = useEventEditions();
  const withEvents = (editions.data?.length ?? 0) > 0;
  const selectors: Selector[] =
    withEvents || draft.selector === 'event' ? ['mom', 'yoy', 'custom', 'event'] : ['mom', 'yoy', 'custom'];
  const choose = (selector: Selector) => {
    if (selector === 'event')
      update({ selector, dateBefore: null, event: draft.event ?? firstPick(editions.data ?? []) });
    else update({ selector, event: null, ...(selector === 'custom' ? {} : { dateBefore: null }) });
  };
  return (
    <Form.Item
      label={t('analysis.filter.compare')}
      {...itemStatus(errorOf(draft.selector === 'event' ? 'event' : 'dateBefore'))}
    >
      <Flex gap={8} wrap>
        <Segmented<Selector>
          value={draft.selector}
          onChange={choose}
          // Four choices fit the column only with the short names (MoM, YoY); the full one is the tooltip.
          options={selectors.map((s) => ({
            value: s,
            label:
              selectors.length > 3 && (s === 'mom' || s === 'yoy')
                ? t(`analysis.filter.${s}Short`)
                : t(`analysis.filter.${s}`),
            title: t(`analysis.filter.${s}`),
          }))}
          data-testid="filter-selector"
        />
        {draft.selector === 'custom' && (
          <LazyRangePicker
            picker={p.picker}
            format={p.format}
            style={{ flex: 1, minWidth: 220 }}
            aria-label={t('analysis.filter.benchmark')}
            value={p.toDayjs(draft.dateBefore)}
            disabledDate={p.disabledDate}
            onChange={(v) => update({ dateBefore: p.pickPair(v) })}
            data-testid="filter-benchmark"
          />
        )}
        {draft.selector === 'event' && (
          <Suspense fallback={null}>
            <EventPicker editions={editions.data ?? []} pick={draft.event} onChange={(event) => update({ event })} />
          </Suspense>
        )}
      </Flex>
    </Form.Item>
  );
}

/** The latest edition that has one a year before it: what "same event" starts with. */
function firstPick(editions: readonly EventEdition[]): EventPick | null {
  const has = (code: string, year: number) => editions.some((e) => e.code === code && e.year === year);
  const candidates = editions.filter((e) => has(e.code, e.year - 1));
  const prefer = candidates.filter((e) => e.code === 'double11');
  const list = prefer.length ? prefer : candidates;
  const last = list.reduce<EventEdition | undefined>((m, e) => (!m || e.end > m.end ? e : m), undefined);
  return last ? { code: last.code, year: last.year, back: 1 } : null;
}
