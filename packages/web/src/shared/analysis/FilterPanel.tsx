import { DownOutlined, SaveOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, Flex, Form, Row, Space, theme } from 'antd';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../ui/lazyDialog.js';
import { type AnalysisFilter, activeCount, emptyFilter, encodeFilter } from './filter.js';
import { CoverageWarning } from './filters/CoverageWarning.js';
import { focusFirstField } from './filters/focusFirstField.js';
import {
  FILTER_SECTION_IDS,
  FILTER_SECTION_REGISTRY,
  FILTER_SECTIONS,
  type FilterSectionName,
} from './filters/registry.js';
import type { ApplyCheck, FilterSectionProps } from './filters/types.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { checkFilter, type FilterSection } from './validate.js';

export { FILTER_SECTIONS, type FilterSectionName };

// Saving and opening views is not part of any page's first view: its dialog loads when first opened.
const SavedViewsDialog = lazyDialog(() => import('./savedViews/SavedViewsDialog.js').then((m) => m.default));

/** Sections shown without expanding "more filters", unless a page says otherwise. */
const DEFAULT_PRIMARY: readonly FilterSectionName[] = ['date', 'compare', 'category', 'channels'];

export interface FilterPanelProps {
  /** The sections this page offers, by id of the registry (filters/registry.ts), in display order. */
  sections?: readonly FilterSectionName[];
  /** Sections always visible; the others sit behind "more filters". */
  primary?: readonly FilterSectionName[];
  /** Extra content on the right of the buttons (page-specific controls). */
  extra?: ReactNode;
}

/**
 * The filter panel shared by every analysis page (docs/product.md §3). It edits a draft; Apply writes the draft
 * into the URL (validated with the rules of docs/product.md §5 first, then each section's own check such as the
 * custom SQL's) and Reset clears the URL's filter. Back and forward bring the panel along, because it
 * follows the applied filter of the URL. The sections themselves are in filters/sections.
 */
export function FilterPanel({ sections = FILTER_SECTIONS, primary = DEFAULT_PRIMARY, extra }: FilterPanelProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  // The badge in the theme's primary (docs/web.md "Colours"), not antd's default blue.
  const { token } = theme.useToken();
  const { filter, defaultDate, apply, reset } = useAnalysisFilter();
  const [draft, setDraft] = useState<AnalysisFilter>(filter);
  const [expanded, setExpanded] = useState(false);
  const [viewsOpen, setViewsOpen] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  const fieldsId = useId();
  // Set by "More filters": once the hidden sections are drawn, the keyboard moves to the first of them.
  const focusSection = useRef<FilterSectionName | null>(null);
  useEffect(() => {
    const s = focusSection.current;
    focusSection.current = null;
    if (expanded && s) focusFirstField(fields.current?.querySelector(`[data-filter-section="${s}"]`));
  }, [expanded]);
  const [submitted, setSubmitted] = useState(false);
  // Reset remounts the sections, clearing what they hold (typed words, a SQL check, a refused value).
  const [generation, setGeneration] = useState(0);
  // A section's check before Apply is running (e.g. the SQL asked of the server).
  const [checking, setChecking] = useState(false);
  // Applying: shown on the Apply button at once (an urgent update), while the router renders the
  // page for the new URL in a transition; it ends when that URL is the applied one.
  const [applying, setApplying] = useState(false);
  const appliedKey = encodeFilter(filter);
  // The URL changed (apply, reset, back/forward, a shared link): the draft follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey is the filter's canonical form.
  useEffect(() => {
    setDraft(filter);
    setSubmitted(false);
    setApplying(false);
  }, [appliedKey]);

  const update = useCallback((patch: Partial<AnalysisFilter>) => setDraft((d) => ({ ...d, ...patch })), []);
  const problems = checkFilter({ ...draft, date: draft.date ?? defaultDate ?? null });
  const show = (part: FilterSection) => submitted || part !== 'dateBefore' || draft.dateBefore !== null;
  const errorOf = (part: FilterSection) => {
    const p = show(part) ? problems[part] : undefined;
    return p ? t(p.key, p.params) : undefined;
  };

  const checks = useRef(new Map<FilterSectionName, ApplyCheck>());
  const beforeApply = useMemo(
    () =>
      Object.fromEntries(
        FILTER_SECTION_IDS.map((id) => [
          id,
          (check: ApplyCheck | null) => {
            if (check) checks.current.set(id, check);
            else checks.current.delete(id);
          },
        ]),
      ) as Record<FilterSectionName, FilterSectionProps['beforeApply']>,
    [],
  );

  const onApply = async () => {
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    for (const check of checks.current.values()) {
      const result = check();
      // Nothing to ask: stay in the click's own update (no await), as without checks.
      if (result === true) continue;
      if (result === false) return;
      setChecking(true);
      try {
        if (!(await result)) return;
      } finally {
        setChecking(false);
      }
    }
    if (apply(draft)) flushSync(() => setApplying(true));
  };
  const onReset = () => {
    setSubmitted(false);
    setGeneration((g) => g + 1);
    // When the URL holds no filter already, reset() changes nothing there: clear the draft here.
    setDraft(emptyFilter());
    reset();
  };

  const has = (s: FilterSectionName) => sections.includes(s);
  const visible = (s: FilterSectionName) => has(s) && (expanded || primary.includes(s));
  // What the hidden sections have set: the draft with the visible sections' choices cleared.
  const hidden: AnalysisFilter = { ...draft };
  for (const s of sections.filter(visible)) Object.assign(hidden, FILTER_SECTION_REGISTRY[s].clear?.(hidden));
  const hiddenCount = activeCount(hidden);
  const firstHidden = sections.find((s) => !primary.includes(s));
  const blocked = submitted && Object.keys(problems).length > 0;
  return (
    <Card size="small" variant="borderless" styles={{ body: { padding: '12px 16px 4px' } }} data-testid="filter-panel">
      <Form
        size="middle"
        layout="horizontal"
        labelAlign="left"
        // Labels in one column wide enough for the longest of every page's sections ("Only favourite
        // brands", "只看关注品牌"); a longer one wraps instead of being cut. The field takes the rest of
        // the row from a zero basis, so a wide field (two price inputs) never pushes under its label.
        labelCol={{ flex: en ? '150px' : '100px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        colon={false}
        onSubmitCapture={(e) => e.preventDefault()}
      >
        <Row gutter={[24, 0]} ref={fields} id={fieldsId}>
          {sections.filter(visible).map((s) => {
            const def = FILTER_SECTION_REGISTRY[s];
            return (
              <Col
                key={`${s}-${generation}`}
                xs={24}
                lg={def.wide ? 24 : 12}
                xxl={def.wide ? 16 : 8}
                data-filter-section={s}
              >
                <def.Component draft={draft} update={update} errorOf={errorOf} beforeApply={beforeApply[s]} />
              </Col>
            );
          })}
        </Row>
        {blocked && <Alert type="error" showIcon title={t('analysis.filter.invalid')} style={{ marginBottom: 12 }} />}
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space>
            <Button
              type="primary"
              onClick={() => void onApply()}
              loading={checking || applying}
              data-testid="filter-apply"
            >
              {t('analysis.filter.apply')}
            </Button>
            <Button onClick={onReset} data-testid="filter-reset">
              {t('analysis.filter.reset')}
            </Button>
            {firstHidden && (
              <Button
                type="link"
                aria-expanded={expanded}
                aria-controls={fieldsId}
                onClick={() => {
                  focusSection.current = expanded ? null : firstHidden;
                  setExpanded(!expanded);
                }}
                data-testid="filter-more"
              >
                {expanded ? t('analysis.filter.less') : t('analysis.filter.more')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
                {!expanded && hiddenCount > 0 && <Badge count={hiddenCount} size="small" color={token.colorPrimary} />}
              </Button>
            )}
          </Space>
          <Space>
            {extra}
            <Button icon={<SaveOutlined />} onClick={() => setViewsOpen(true)} data-testid="saved-views">
              {t('analysis.filter.views')}
            </Button>
          </Space>
          <SavedViewsDialog open={viewsOpen} onClose={() => setViewsOpen(false)} />
        </Flex>
        {/* The applied range's coverage, in the one place every page shows it (docs/product.md §4). */}
        <CoverageWarning />
      </Form>
    </Card>
  );
}
