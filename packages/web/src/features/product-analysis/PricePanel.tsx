import { PRODUCT_ANALYSIS_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Segmented, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bandLabel,
  EChart,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { priceBandsChart, priceTrendChart } from './charts.js';
import { useSelection } from './data.js';
import { PRICE_VIEWS, PRODUCT_PARAMS } from './params.js';

/**
 * Prices by period (POST /analysis/trends/prices): the selection's average transaction price against
 * the category's (list and discount apart where the project has both), or its sales over the price bands.
 */
export function PricePanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const axis = useAxisCoverage();
  const { body, empty: noneChosen } = useSelection();
  const [view, setView] = usePanelParam(PRODUCT_PARAMS.priceView);
  const q = useAnalysisQuery(PRODUCT_ANALYSIS_ENDPOINTS.prices, body);
  const option = useMemo(() => {
    if (view === 'bands') {
      const names = (q.data?.bands ?? []).map((b) => bandLabel(fmt, t, b) ?? '');
      return priceBandsChart(q.data, names, fmt, axis);
    }
    return priceTrendChart(
      q.data,
      {
        selection: t('pa.price.selection'),
        list: t('pa.price.list'),
        discount: t('pa.price.discount'),
        market: t('pa.price.market'),
      },
      fmt,
      axis,
      !noneChosen,
    );
  }, [q.data, view, fmt, t, axis, noneChosen]);
  const points = q.data?.points ?? [];
  return (
    <PanelCard
      title={t('pa.price.title')}
      definitions={['avg_price', 'sales', 'count']}
      subject={t('pa.price.subject')}
      extra={
        <Segmented
          size="small"
          value={view}
          onChange={setView}
          options={PRICE_VIEWS.map((v) => ({ value: v, label: t(`pa.price.view.${v}`) }))}
          data-testid="pa-price-view"
        />
      }
      {...panelState(q)}
      empty={q.data !== undefined && points.every((p) => p.sales === 0)}
      minHeight={320}
    >
      {points.length > 0 && (
        <Flex vertical gap={8}>
          {view === 'prices' && noneChosen && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pa-price-none-chosen">
              {t('pa.price.noneChosen')}
            </Typography.Text>
          )}
          <div data-testid="pa-price-chart">
            <EChart option={option} height={320} />
          </div>
        </Flex>
      )}
    </PanelCard>
  );
}
