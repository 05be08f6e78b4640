import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DownloadButton,
  endpointUrl,
  PanelCard,
  panelState,
  useAnalysisQuery,
  usePanelParam,
  useProjectId,
  ValuationTable,
} from '../../shared/analysis/index.js';
import { api } from '../../shared/api/request.js';
import { FACTORS, type FactorKey, type ValuationSettings, type ValuationWeights } from './data.js';
import { DISCOVER_PARAMS } from './params.js';

/** GET /categories/valuations/settings: the factors with their default weights and descriptions. */
function useValuationSettings() {
  const projectId = useProjectId();
  return useQuery({
    queryKey: ['discover', 'valuation-settings', projectId],
    queryFn: ({ signal }) =>
      api.get<ValuationSettings>(
        endpointUrl(INSIGHT_ENDPOINTS.valuationSettings),
        { data_scope_id: projectId },
        { signal },
      ),
    enabled: projectId !== undefined,
    staleTime: 10 * 60_000,
  });
}

const sameWeights = (a: ValuationWeights, b: ValuationWeights) => FACTORS.every((k) => a[k] === b[k]);

/**
 * Category valuation: each sub-category scored on size, growth, concentration, price level and
 * new-brand share, weighted by the default or the user's weights (POST /categories/valuations[/custom]).
 */
export function ValuationPanel() {
  const { t } = useTranslation();
  const settings = useValuationSettings();
  const defaults = useMemo(
    () =>
      settings.data
        ? (Object.fromEntries(settings.data.factors.map((f) => [f.key, f.weight])) as ValuationWeights)
        : undefined,
    [settings.data],
  );
  // The URL holds the weights in FACTORS order (absent = the defaults).
  const [customList, setCustomList] = usePanelParam(DISCOVER_PARAMS.weights);
  const custom = useMemo(
    () => (customList ? (Object.fromEntries(FACTORS.map((k, i) => [k, customList[i]])) as ValuationWeights) : null),
    [customList],
  );
  const toList = (w: ValuationWeights | null) =>
    w && !(defaults && sameWeights(w, defaults)) ? FACTORS.map((k) => w[k]) : null;
  /** One weight changed, from the URL's current weights (quick edits in a row each keep the others). */
  const setWeight = (key: FactorKey, v: number) =>
    setCustomList((current) => {
      const base = current ?? (defaults ? FACTORS.map((k) => defaults[k]) : null);
      if (!base) return current;
      const next = Object.fromEntries(FACTORS.map((k, i) => [k, k === key ? v : base[i]!])) as ValuationWeights;
      return toList(next);
    });
  const weights = custom ?? defaults;
  const isCustom = custom !== null && defaults !== undefined && !sameWeights(custom, defaults);
  const valid = weights !== undefined && FACTORS.some((k) => weights[k] > 0);
  const q = useAnalysisQuery<typeof INSIGHT_ENDPOINTS.customValuations | typeof INSIGHT_ENDPOINTS.valuations>(
    isCustom ? INSIGHT_ENDPOINTS.customValuations : INSIGHT_ENDPOINTS.valuations,
    isCustom ? { weights: custom } : undefined,
    { enabled: valid },
  );
  const d = q.data;
  const factorName = (k: FactorKey) => t(`insight.valuation.factor.${k}`);

  return (
    <PanelCard
      title={t('discover.valuation.title')}
      definitions={['valuation_score', 'sales', 'growth_yoy', 'concentration', 'hhi', 'avg_price', 'new_brand_share']}
      extra={
        <Flex gap={8} align="center">
          {isCustom && (
            <>
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('discover.valuation.customised')}
              </Tag>
              <Button size="small" onClick={() => setCustomList(null)}>
                {t('discover.valuation.resetWeights')}
              </Button>
            </>
          )}
          <DownloadButton
            endpoint={INSIGHT_ENDPOINTS.valuationDownload}
            body={isCustom ? { weights: custom } : undefined}
            fileName={t('discover.valuation.file')}
            disabled={!d?.items.length}
          />
        </Flex>
      }
      {...panelState(settings.error ? { ...q, error: settings.error, refetch: settings.refetch } : q)}
      subject={t('discover.valuation.subject')}
      empty={d?.items.length === 0}
      minHeight={200}
    >
      {weights && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('discover.valuation.hint')}</Typography.Text>
          <Flex gap={16} wrap align="center" data-testid="valuation-weights">
            <Typography.Text strong>{t('discover.valuation.weights')}</Typography.Text>
            {FACTORS.map((k) => (
              <Flex key={k} gap={6} align="center">
                <Typography.Text>{factorName(k)}</Typography.Text>
                <InputNumber<number>
                  size="small"
                  min={0}
                  max={1000}
                  step={5}
                  value={weights[k]}
                  aria-label={factorName(k)}
                  style={{ width: 72 }}
                  onChange={(v) => setWeight(k, typeof v === 'number' && v >= 0 ? v : 0)}
                  data-testid={`valuation-weight-${k}`}
                />
              </Flex>
            ))}
          </Flex>
          {!valid && <Typography.Text type="danger">{t('insight.valuation.weightsZero')}</Typography.Text>}
          {d && d.items.length > 0 && <ValuationTable data={d} />}
        </Flex>
      )}
    </PanelCard>
  );
}
