import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PanelCard,
  panelState,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
} from '../../shared/analysis/index.js';
import { wordsConcept } from './concept.js';

/**
 * The words sold most together with the concept (titles in the page language), as chips: a click
 * explores that word instead, keeping the rest of the filter.
 */
export function RelatedWords() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter, apply } = useAnalysisFilter();
  const q = useAnalysisQuery(EXPLORE_ENDPOINTS.words);
  const items = q.data?.items ?? [];
  return (
    <PanelCard
      title={t('explore.words.title')}
      definitions={['sales']}
      subject={t('explore.words.subject')}
      minHeight={380}
      {...panelState(q)}
      empty={q.data?.items.length === 0}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('explore.words.hint')}
        </Typography.Text>
        <Flex gap={8} wrap data-testid="related-words">
          {items.map((w) => (
            <Tooltip key={w.keyword} title={t('explore.words.share', { share: fmt.shareRatio(w.share) })}>
              <Tag.CheckableTag
                checked={false}
                onChange={() => apply({ ...filter, goodsKeywords: wordsConcept([w.keyword]) })}
                style={{
                  fontSize: 12 + Math.round((w.heat / 100) * 6),
                  padding: '2px 10px',
                  border: '1px solid #d9e4ff',
                  background: `rgba(22, 119, 255, ${0.04 + (w.heat / 100) * 0.14})`,
                }}
                data-testid="related-word"
              >
                {w.keyword}
              </Tag.CheckableTag>
            </Tooltip>
          ))}
        </Flex>
      </Flex>
    </PanelCard>
  );
}
