import {
  type CalendarEventKind,
  type DateRange,
  type EventComparison,
  type EventComparisonRefusal,
  type EventEdition,
  eventComparison,
  eventEditions,
  type Granularity,
} from '@marketlens/shared';
import type { ProjectEventList } from '@marketlens/shared/contracts';
import { PROJECT_EVENT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.js';
import { QUIET } from '../api/quiet.js';
import { useSession } from '../auth/session.js';
import type { EventPick } from './filter.js';

/**
 * The editions of the project's dataset calendar (the project events list's dataset rows), for the
 * "same event" comparison: the picker's choices and the range it derives. Same query key as the
 * events page (features/projects/eventsApi.ts), so one list serves both.
 */
export function useEventEditions(enabled = true) {
  const { scope } = useSession();
  const id = scope?.projectId;
  return useQuery({
    queryKey: ['projects', id, 'events'] as const,
    queryFn: ({ signal }) => call(PROJECT_EVENT_ENDPOINTS.list, {}, { params: { id: id! }, signal, ...QUIET }),
    enabled: enabled && id !== undefined,
    select: editionsOf,
    staleTime: 5 * 60_000,
  });
}

/** The dataset events of the list, grouped into editions (own events are not editions of anything). */
export function editionsOf(list: ProjectEventList): EventEdition[] {
  return eventEditions(
    list.items.flatMap((e) =>
      e.source === 'dataset' && e.code !== null && e.year !== null && e.phase !== null
        ? [
            {
              code: e.code,
              year: e.year,
              phase: e.phase,
              name_zh: e.name_zh,
              name_en: e.name_en,
              kind: e.kind as CalendarEventKind,
              platforms: e.platforms,
              start_date: e.start_date,
              end_date: e.end_date,
              peak_date: e.peak_date,
            },
          ]
        : [],
    ),
  );
}

/** The event comparison of a pick, or its refusal; undefined while the editions load or without a pick. */
export function eventComparisonOf(
  editions: readonly EventEdition[] | undefined,
  pick: EventPick | null,
  granularity: Granularity,
  bounds?: readonly [string, string],
): EventComparison | EventComparisonRefusal | undefined {
  if (!editions || !pick) return undefined;
  const available: DateRange | undefined = bounds ? { start: bounds[0], end: bounds[1] } : undefined;
  return eventComparison(editions, pick.code, pick.year, pick.back, granularity, available);
}
