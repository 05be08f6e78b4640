import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PanelCard, panelState, useAnalysisQuery, useFormatters, WordCloud } from '../../shared/analysis/index.js';
import { HiddenKeywordsButton } from './HiddenKeywordsButton.js';
import { useHiddenKeywords } from './hiddenKeywords.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where a clicked word is explored (Concept Explore, docs/product.md §2 id 2). */
export const exploreUrl = (word: string) => `/explore?keyword=${encodeURIComponent(word)}`;

/**
 * The word cloud of hot title words weighted by the heat index (hidden words left out by the server);
 * clicking a word opens Concept Explore for it.
 */
export function KeywordCloudPanel() {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const q = useAnalysisQuery(HOT_ENDPOINTS.keywords);
  const hidden = useHiddenKeywords();
  const items = q.data?.items;
  const words = useMemo(() => (items ?? []).map((w) => ({ text: w.keyword, weight: w.heat })), [items]);
  const sales = useMemo(() => new Map((items ?? []).map((w) => [w.keyword, w.sales])), [items]);
  const tooltip = useCallback(
    (w: { text: string; weight: number }) =>
      t('hot.cloud.tooltip', {
        word: `<b>${escapeHtml(w.text)}</b>`,
        heat: w.weight < 10 ? f.number(w.weight, 1) : f.number(w.weight),
        sales: f.money(sales.get(w.text)),
      }),
    [t, f, sales],
  );
  const onWordClick = useCallback((word: string) => navigate(exploreUrl(word)), [navigate]);
  const hiddenCount = q.data?.hidden_applied ? (hidden.data?.items.length ?? 0) : 0;

  return (
    <PanelCard
      title={t('hot.cloud.title')}
      definitions={['heat', 'sales']}
      extra={<HiddenKeywordsButton cloudWords={words.map((w) => w.text)} />}
      subject={t('hot.cloud.subject')}
      minHeight={400}
      style={{ width: '100%' }}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready)}
      empty={items?.length === 0}
    >
      {items && (
        <Flex vertical gap={8} data-testid="hot-cloud">
          <WordCloud words={words} height={440} max={100} tooltip={tooltip} onWordClick={onWordClick} />
          <Flex justify="space-between" wrap gap={8}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('hot.cloud.hint')}
            </Typography.Text>
            {hiddenCount > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="cloud-hidden-note">
                {t('hot.cloud.hiddenApplied', { count: hiddenCount })}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      )}
    </PanelCard>
  );
}
