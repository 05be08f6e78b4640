/**
 * Reference data of the filter panel (`DATA_ENDPOINTS`, docs/product.md §7 "Data"), cached per project
 * and language: the category tree, platforms and channels, attributes, the dataset's period range.
 */
import type { CategoryNode, TableDate } from '@marketlens/shared/contracts';
import { DATA_ENDPOINTS } from '@marketlens/shared/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUIET } from '../api/quiet.js';
import { useSession } from '../auth/session.js';
import { callEndpoint } from './endpoint.js';

// The answers' shapes are the server's schemas (DATA_SCHEMAS), under the names the pages use.
export type {
  CategoryNode,
  FilterAttribute,
  NamedItem,
  PlatformChannels,
  ShopItem as ShopOption,
  TableDate,
} from '@marketlens/shared/contracts';

/** Reference data changes only with an import: keep it for ten minutes. */
const STALE = 10 * 60_000;

/** The current project id (data scope), or undefined before the session and project are known. */
export function useProjectId(): number | undefined {
  return useSession().scope?.projectId;
}

type Fetcher<T> = (projectId: number, signal: AbortSignal) => Promise<T>;

const referenceQuery = <T>(name: string, fetcher: Fetcher<T>, projectId: number | undefined, language: string) => ({
  queryKey: ['analysis-ref', name, projectId, language],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetcher(projectId!, signal),
  staleTime: STALE,
});

function useReference<T>(name: string, fetcher: Fetcher<T>) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery({ ...referenceQuery(name, fetcher, projectId, i18n.language), enabled: projectId !== undefined });
}

const fetchTableDate: Fetcher<TableDate> = (id, signal) =>
  callEndpoint(DATA_ENDPOINTS.tableDate, { data_scope_id: id }, { signal });

/** GET /table_date: the dataset's first and latest period. */
export function useTableDate() {
  return useReference('table_date', fetchTableDate);
}

/**
 * The period range from the cache, fetched when absent (the same query as useTableDate's): the
 * first-view prefetch (prefetch.ts) needs it for every panel's request.
 */
export function ensureTableDate(client: QueryClient, projectId: number, language: string): Promise<TableDate> {
  return client.ensureQueryData(referenceQuery('table_date', fetchTableDate, projectId, language));
}

/**
 * POST /categories: the granted category tree, sent as docs/api.md says (brands_filtering, data_scope_id,
 * locale). `brands`: only the categories in which these brands sold (a picker beside a brand choice);
 * none, the whole granted tree (what the access and readiness checks compare with). Quiet
 * (api/quiet.ts): the filter panel tells a failure by docs/api.md rule. `project`: another project than
 * the current one (an administration screen).
 */
export function useCategoryTree(brands: readonly number[] = [], project?: number) {
  const current = useProjectId();
  const projectId = project ?? current;
  const { i18n } = useTranslation();
  const filtering = [...brands].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['analysis-ref', 'categories', projectId, i18n.language, filtering],
    queryFn: ({ signal }) =>
      callEndpoint(
        DATA_ENDPOINTS.categories,
        { data_scope_id: projectId!, brands_filtering: filtering },
        { signal, ...QUIET },
        // The schema spells out three levels; the server sends `children` on every node, so it is the recursive type.
      ).then((d) => d.items as CategoryNode[]),
    enabled: projectId !== undefined,
    staleTime: STALE,
  });
}

/** GET /platforms/channels. */
export function usePlatformChannels() {
  return useReference('channels', (id, signal) =>
    callEndpoint(DATA_ENDPOINTS.channels, { data_scope_id: id }, { signal }).then((d) => d.items),
  );
}

/** GET /attributes: the project's filter attributes with their values in the grant. */
export function useFilterAttributes() {
  return useReference('attributes', (id, signal) =>
    callEndpoint(DATA_ENDPOINTS.attributes, { data_scope_id: id }, { signal }).then((d) => d.items),
  );
}

interface NameQuery {
  data_scope_id: number;
  prefix: string | undefined;
  page_size: number;
}

/** A name search (server-side, by prefix in either language, first page of 50). */
function useNameSearch<T>(
  what: string,
  prefix: string,
  search: (q: NameQuery, signal: AbortSignal) => Promise<T[]>,
  project?: number,
) {
  const current = useProjectId();
  const projectId = project ?? current;
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['analysis-ref', what, projectId, i18n.language, prefix],
    queryFn: ({ signal }) => search({ data_scope_id: projectId!, prefix: prefix || undefined, page_size: 50 }, signal),
    enabled: projectId !== undefined,
    staleTime: STALE,
  });
}

/**
 * GET /brands with a name prefix, in the current project or in `project` (an administration screen
 * of another project names its brands).
 */
export const useBrandSearch = (prefix: string, project?: number) =>
  useNameSearch(
    'brands',
    prefix,
    (q, signal) => callEndpoint(DATA_ENDPOINTS.brands, q, { signal }).then((d) => d.items),
    project,
  );

/** GET /shops with a name prefix: a shop's `value` is the docs/product.md §4 selection 'platform,shop_id'. */
export const useShopSearch = (prefix: string) =>
  useNameSearch('shops', prefix, (q, signal) => callEndpoint(DATA_ENDPOINTS.shops, q, { signal }).then((d) => d.items));
