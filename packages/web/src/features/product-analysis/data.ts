/**
 * Data access of Product Analysis (docs/pages/product-analysis.md): the selection in the URL as the
 * page's own body fields, the search of products and series (POST /series/search) and the
 * discount-price switch (PUT /projects/{id}/users/discount_price, remembered per user).
 */
import type { SeriesSearch } from '@marketlens/shared/contracts';
import { PRODUCT_ANALYSIS_ENDPOINTS, PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, usePanelParam, useProjectId } from '../../shared/analysis/index.js';
import { useSession } from '../../shared/auth/session.js';
import { PRODUCT_PARAMS } from './params.js';

/** The chosen products and series (URL) and the body fields every endpoint of the page takes. */
export function useSelection() {
  const [products, setProducts] = usePanelParam(PRODUCT_PARAMS.products);
  const [series, setSeries] = usePanelParam(PRODUCT_PARAMS.series);
  const body = useMemo(
    () => ({
      ...(products.length ? { products } : {}),
      ...(series.length ? { series } : {}),
    }),
    [products, series],
  );
  return { products, series, setProducts, setSeries, body, empty: products.length === 0 && series.length === 0 };
}

/** The project's name for a series in the page language (docs/product.md §3 series_name / series_name_en). */
export function useSeriesLabel(): string {
  const { scope } = useSession();
  const { t, i18n } = useTranslation();
  const own = i18n.language === 'en' ? scope?.seriesNameEn : scope?.seriesName;
  return own || t('products.seriesLabel');
}

/** POST /series/search for the typed keyword (none while empty). */
export function useSeriesSearch(keyword: string) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  const text = keyword.trim();
  return useQuery<SeriesSearch, Error>({
    queryKey: ['product-analysis', 'search', projectId, i18n.language, text],
    queryFn: ({ signal }) =>
      callEndpoint(PRODUCT_ANALYSIS_ENDPOINTS.seriesSearch, { data_scope_id: projectId!, keyword: text }, { signal }),
    enabled: projectId !== undefined && text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The discount-price switch of the signed-in user in the project: shown only where the project has
 * discount prices; switching it saves it on the server, then reloads the project brief and every
 * analysis answer (their figures change).
 */
export function useDiscountSwitch() {
  const { scope } = useSession();
  const projectId = useProjectId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const set = useCallback(
    async (on: boolean) => {
      setBusy(true);
      try {
        await callEndpoint(
          PROJECT_ENDPOINTS.discountPrice,
          { discount_price_on: on },
          { params: { project_id: projectId! } },
        );
        await client.invalidateQueries({ queryKey: ['project-brief', projectId] });
        await client.invalidateQueries({ queryKey: ['analysis'] });
        return true;
      } catch {
        return false;
      } finally {
        setBusy(false);
      }
    },
    [client, projectId],
  );
  return { available: scope?.discountPrice ?? false, on: scope?.discountPriceOn ?? false, busy, set };
}
