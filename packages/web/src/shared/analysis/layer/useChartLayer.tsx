import type { ChartNoteView } from '@marketlens/shared/contracts';
import { CHART_NOTE_ENDPOINTS, PROJECT_EVENT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventKeys } from '../../../features/projects/eventsApi.js';
import { call, type Input } from '../../api/call.js';
import { QUIET } from '../../api/quiet.js';
import { useSession } from '../../auth/session.js';
import { eventShows, type OverlayEvent, type OverlayNote, overlayEvents, type TimeChartMeta } from '../chartOverlay.js';
import { choice, panelParams, usePanelParam } from '../panelParams.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';
import { type ChartSubject, useChartSubject } from './subject.js';

/**
 * The events and notes layer of the trend charts, as a page sees it (docs/web-analysis.md "Events and
 * notes on charts"): whether it is shown (the page param `cal`, `cal=0` hides it), the chart's
 * subject (what a note is about), the project's events calendar and notes, fetched once per project
 * when a shown trend chart first needs them and cached.
 */

/** `cal=0` hides the layer; absent (the default) shows it. Not a filter param: it changes no figure. */
export const LAYER_PARAMS = panelParams({ shown: choice('cal', [1, 0] as const, 1) });

export const noteKeys = { list: (projectId: number) => ['projects', projectId, 'notes'] as const };
export type ChartNote = ChartNoteView;
export type ChartNoteInput = Input<typeof CHART_NOTE_ENDPOINTS.create>;

/** The notes' calls (`CHART_NOTE_ENDPOINTS`); the list is quiet: a chart without its layer is still a chart. */
export const notesApi = {
  list: (projectId: number, signal?: AbortSignal) =>
    call(CHART_NOTE_ENDPOINTS.list, {}, { params: { id: projectId }, signal, ...QUIET }),
  create: (projectId: number, input: ChartNoteInput) =>
    call(CHART_NOTE_ENDPOINTS.create, input, { params: { id: projectId } }),
  remove: (projectId: number, noteId: number) =>
    call(CHART_NOTE_ENDPOINTS.remove, {}, { params: { id: projectId, noteId } }),
};

/** Events and notes change rarely while a page is open; a write refreshes its own list. */
const STALE_MS = 5 * 60_000;

/** A note's time as the tooltip shows it: day and minute (UTC, as stored). */
const whenOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export interface ChartLayer {
  shown: boolean;
  setShown(next: boolean): void;
  subject: ChartSubject | null;
  projectId: number | undefined;
  events: OverlayEvent[];
  /** The subject's notes (the layer's pins). */
  notes: ChartNote[];
  overlayNotes: OverlayNote[];
  /** Sets the page's applied range to periods `first`..`last` of the axis (as the range picker does). */
  showPeriods(meta: TimeChartMeta, first: number, last: number): void;
}

export function useChartLayer(): ChartLayer {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { scope } = useSession();
  const projectId = scope?.projectId;
  const [shownParam, setParam] = usePanelParam(LAYER_PARAMS.shown);
  const shown = shownParam === 1;
  const subject = useChartSubject();
  const { filter, apply } = useAnalysisFilter();
  const enabled = shown && projectId !== undefined;
  const eventsQuery = useQuery({
    queryKey: eventKeys.list(projectId ?? 0),
    queryFn: ({ signal }) => call(PROJECT_EVENT_ENDPOINTS.list, {}, { params: { id: projectId! }, signal, ...QUIET }),
    enabled,
    staleTime: STALE_MS,
  });
  const notesQuery = useQuery({
    queryKey: noteKeys.list(projectId ?? 0),
    queryFn: ({ signal }) => notesApi.list(projectId!, signal),
    enabled,
    staleTime: STALE_MS,
  });
  const events = useMemo(
    () =>
      overlayEvents(
        (eventsQuery.data?.items ?? []).filter((e) => eventShows(e, subject)),
        en,
      ),
    [eventsQuery.data, subject, en],
  );
  const notes = useMemo(
    () =>
      subject
        ? (notesQuery.data?.items ?? []).filter((n) => n.entity_kind === subject.kind && n.entity_id === subject.id)
        : [],
    [notesQuery.data, subject],
  );
  const overlayNotes = useMemo(
    () => notes.map((n) => ({ id: n.id, date: n.date, text: n.text, author: n.author, when: whenOf(n.created_at) })),
    [notes],
  );
  const showPeriods = useCallback(
    (meta: TimeChartMeta, first: number, last: number) => {
      const start = meta.periods[first];
      const end = meta.periods[last];
      if (start && end) apply({ ...filter, date: [start, end] });
    },
    [apply, filter],
  );
  return {
    shown,
    setShown: (next) => setParam(next ? 1 : 0),
    subject,
    projectId,
    events: shown ? events : [],
    notes,
    overlayNotes: shown ? overlayNotes : [],
    showPeriods,
  };
}
