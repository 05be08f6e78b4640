import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PanelCard, panelState, useAnalysisQuery, ValuationTable } from '../../shared/analysis/index.js';

/** The selection's sub-categories scored on Category Insight's valuation model, concept products only. */
export function ValuationPanel() {
  const { t } = useTranslation();
  const q = useAnalysisQuery(EXPLORE_ENDPOINTS.valuations);
  return (
    <PanelCard
      title={t('explore.valuation.title')}
      definitions={['valuation_score', 'concentration', 'hhi', 'new_brand_share']}
      subject={t('explore.valuation.subject')}
      minHeight={200}
      {...panelState(q)}
      empty={q.data?.items.length === 0}
    >
      {q.data && q.data.items.length > 0 && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('explore.valuation.hint')}</Typography.Text>
          <ValuationTable data={q.data} />
        </Flex>
      )}
    </PanelCard>
  );
}
