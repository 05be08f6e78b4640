/**
 * Reference data of the filter panel (packages/server/src/routes/common/data.ts), cached per project
 * and language: the category tree, platforms and channels, attributes, the dataset's period range.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/request.js';
import { useSession } from '../auth/session.js';

export interface CategoryNode {
  category_id: number;
  category_name: string;
  category_name_en: string;
  level: number;
  parent: number | null;
  /** False while the project's administrator has not marked the category's data ready (spec §6). */
  ready: boolean;
  children: CategoryNode[];
}
export interface PlatformChannels {
  platform_id: number;
  code: string;
  platform: string;
  platform_en: string;
  channels: { code: string; shop_type: string; shop_type_en: string; is_active: boolean }[];
}
export interface FilterAttribute {
  name: string;
  title: string;
  title_en: string;
  filter_values: { value: string; value_en: string }[];
}
export interface NamedItem {
  id: number;
  name: string;
  name_en: string;
}
export interface TableDate {
  farthest_date: string;
  latest_date: string;
}

/** Reference data changes only with an import: keep it for ten minutes. */
const STALE = 10 * 60_000;

/** The current project id (data scope), or undefined before the session and project are known. */
export function useProjectId(): number | undefined {
  return useSession().scope?.projectId;
}

function useReference<T>(name: string, fetcher: (projectId: number, signal: AbortSignal) => Promise<T>) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['analysis-ref', name, projectId, i18n.language],
    queryFn: ({ signal }) => fetcher(projectId!, signal),
    enabled: projectId !== undefined,
    staleTime: STALE,
  });
}

/** GET /table_date: the dataset's first and latest period. */
export function useTableDate() {
  return useReference('table_date', (id, signal) =>
    api.get<TableDate>('/api/common/table_date', { data_scope_id: id }, { signal }),
  );
}

/** POST /categories: the granted category tree. */
export function useCategoryTree() {
  return useReference('categories', (id, signal) =>
    api
      .post<{ items: CategoryNode[] }>('/api/common/categories', { data_scope_id: id }, { signal })
      .then((d) => d.items),
  );
}

/** GET /platforms/channels. */
export function usePlatformChannels() {
  return useReference('channels', (id, signal) =>
    api
      .get<{ items: PlatformChannels[] }>('/api/common/platforms/channels', { data_scope_id: id }, { signal })
      .then((d) => d.items),
  );
}

/** GET /attributes: the project's filter attributes with their values in the grant. */
export function useFilterAttributes() {
  return useReference('attributes', (id, signal) =>
    api
      .get<{ items: FilterAttribute[] }>('/api/common/attributes', { data_scope_id: id }, { signal })
      .then((d) => d.items),
  );
}

/** A name search of GET /brands or /shops (server-side, by prefix in either language, first page). */
function useNameSearch<T>(what: 'brands' | 'shops', prefix: string) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['analysis-ref', what, projectId, i18n.language, prefix],
    queryFn: ({ signal }) =>
      api
        .get<{ items: T[] }>(
          `/api/common/${what}`,
          { data_scope_id: projectId, prefix: prefix || undefined, page_size: 50 },
          { signal },
        )
        .then((d) => d.items),
    enabled: projectId !== undefined,
    staleTime: STALE,
  });
}

/** GET /brands with a name prefix. */
export const useBrandSearch = (prefix: string) => useNameSearch<NamedItem>('brands', prefix);

/** A shop of GET /shops: `value` is the spec §4 selection 'platform,shop_id'. */
export interface ShopOption {
  value: string;
  name: string;
  name_en: string;
}

/** GET /shops with a name prefix. */
export const useShopSearch = (prefix: string) => useNameSearch<ShopOption>('shops', prefix);
