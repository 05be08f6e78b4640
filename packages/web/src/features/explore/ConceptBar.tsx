import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Popover, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordsSection } from '../../shared/analysis/filters/sections/KeywordsSection.js';
import { checkFilter, useAnalysisFilter } from '../../shared/analysis/index.js';
import type { FilterSection } from '../../shared/analysis/validate.js';
import { type ConceptKeywords, hasConcept } from './concept.js';

/** The docs/product.md §5 syntax of a concept, in the page language. */
function SyntaxHelp() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} style={{ maxWidth: 420 }} data-testid="concept-help">
      <Typography.Text>{t('explore.concept.helpWords')}</Typography.Text>
      <Typography.Text>{t('explore.concept.helpSuper')}</Typography.Text>
      <Typography.Text code>{t('explore.concept.helpExample')}</Typography.Text>
      <Typography.Text type="secondary">{t('explore.concept.helpLanguage')}</Typography.Text>
    </Flex>
  );
}

/**
 * The concept bar: words with AND/OR or a super query (the filter panel's keyword section, with its
 * docs/product.md §5 messages inline), applied into the URL's filter as the page's concept.
 */
export function ConceptBar() {
  const { t } = useTranslation();
  const { filter, apply } = useAnalysisFilter();
  const [draft, setDraft] = useState<ConceptKeywords>(filter.goodsKeywords);
  const [submitted, setSubmitted] = useState(false);
  const [required, setRequired] = useState(false);
  // The URL changed (a related word, Back, a shared link): the bar shows the applied concept.
  const applied = JSON.stringify(filter.goodsKeywords);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` is the concept's canonical form.
  useEffect(() => {
    setDraft(filter.goodsKeywords);
    setSubmitted(false);
    setRequired(false);
  }, [applied]);
  const full = { ...filter, goodsKeywords: draft };
  const problem = checkFilter(full).keywords;
  const errorOf = (part: FilterSection) =>
    part === 'keywords' && submitted && problem ? t(problem.key, problem.params) : undefined;
  const onExplore = () => {
    setSubmitted(true);
    if (problem) return;
    if (!hasConcept(draft)) {
      setRequired(true);
      return;
    }
    apply(full);
  };
  return (
    <Card size="small" title={t('explore.concept.label')} data-testid="concept-bar">
      <Form layout="vertical" component="div" onKeyDown={(e) => e.key === 'Enter' && e.ctrlKey && onExplore()}>
        <Flex gap={12} align="flex-end" wrap>
          <div style={{ flex: '1 1 480px', minWidth: 280 }}>
            <KeywordsSection
              draft={full}
              update={(patch) => {
                setRequired(false);
                if (patch.goodsKeywords) setDraft(patch.goodsKeywords);
              }}
              errorOf={errorOf}
              beforeApply={() => undefined}
            />
          </div>
          <Flex gap={8} style={{ marginBottom: 24 }}>
            <Button type="primary" onClick={onExplore} data-testid="concept-submit">
              {t('explore.concept.submit')}
            </Button>
            <Popover title={t('explore.concept.helpTitle')} content={<SyntaxHelp />} trigger="click">
              <Button icon={<QuestionCircleOutlined />} data-testid="concept-help-open">
                {t('explore.concept.help')}
              </Button>
            </Popover>
          </Flex>
        </Flex>
        {required && (
          <Typography.Text type="danger" data-testid="concept-required">
            {t('explore.conceptRequired')}
          </Typography.Text>
        )}
      </Form>
    </Card>
  );
}
