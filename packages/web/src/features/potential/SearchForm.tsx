import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { formatAmount, joinCategories } from '@marketlens/shared';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Segmented, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverageWarning } from '../../shared/analysis/filters/CoverageWarning.js';
import { useCategoryTreeData } from '../../shared/analysis/filters/useCategoryTreeData.js';
import { usePeriodPicker } from '../../shared/analysis/filters/usePeriodPicker.js';
import { useAnalysisFilter, useFormatters } from '../../shared/analysis/index.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { amountReading } from './amountReading.js';
import {
  boundsOf,
  checkSearch,
  chosenCategories,
  fromPickerPair,
  LIMITS,
  type LimitDef,
  type PotentialConfig,
  type PotentialSelector,
  pickerPair,
  type SearchProblems,
  searchedRanges,
  withBound,
  withSelector,
  withTarget,
} from './search.js';

const SELECTORS: readonly PotentialSelector[] = ['yoy', 'mom', 'custom'];
const LEVELS = [1, 2, 3] as const;

/** One limit: min and max as typed, with the message of docs/product.md §5 under it. */
function LimitField({
  def,
  config,
  problem,
  onChange,
}: {
  def: LimitDef;
  config: PotentialConfig;
  problem: SearchProblems[keyof SearchProblems];
  onChange(next: PotentialConfig): void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormatters();
  const [min, max] = boundsOf(config, def);
  const label = t(`potential.limit.${def.limit}`);
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const common = (side: 'min' | 'max') => ({
    placeholder: t(`potential.form.${side}`),
    'aria-label': `${label} ${t(`potential.form.${side}`)}`,
    style: { width: '100%' },
  });
  // A money limit shows its digits grouped (docs/product.md §9) and how it reads in large units
  // ("= 1 亿", "= 100 million") beside them; the config keeps the digits as typed.
  const reading = (value: unknown) => {
    const r = amountReading(value, i18n.language === 'en' ? 'en' : 'zh-CN');
    return r
      ? t(r.exact ? 'potential.form.reads' : 'potential.form.readsAbout', {
          amount: t(`potential.form.unit.${r.unit}`, { amount: r.amount }),
        })
      : undefined;
  };
  const bound = (side: 'min' | 'max', value: unknown) =>
    def.percent ? (
      <Input
        {...common(side)}
        value={text(value)}
        onChange={(e) => onChange(withBound(config, def, side, e.target.value.trim()))}
        suffix="%"
      />
    ) : (
      <InputNumber<string>
        {...common(side)}
        stringMode
        controls={false}
        value={text(value) || null}
        formatter={(v) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? (v ?? '') : formatAmount(v))}
        parser={(v) => (v ?? '').replace(/[^\d.-]/g, '')}
        onChange={(v) => onChange(withBound(config, def, side, v === null ? '' : String(v).trim()))}
        prefix={fmt.currency}
      />
    );
  // Under the fields (inside one, it took the room of the digits): "Min = 1 亿 · Max = 10 亿".
  const readings = def.percent
    ? []
    : (['min', 'max'] as const).flatMap((side, i) => {
        const r = reading(i === 0 ? min : max);
        return r ? [`${t(`potential.form.${side}`)} ${r}`] : [];
      });
  return (
    <Form.Item
      label={label}
      {...(problem ? { validateStatus: 'error' as const, help: t(problem) } : {})}
      {...(readings.length
        ? {
            extra: (
              <span style={{ fontSize: 12 }} data-testid={`limit-reading-${def.limit}`}>
                {readings.join(' · ')}
              </span>
            ),
          }
        : {})}
      style={{ marginBottom: 12, minWidth: 260, flex: '1 1 260px' }}
    >
      <Flex gap={6} align="center" data-testid={`limit-${def.limit}`}>
        {bound('min', min)}
        <Typography.Text type="secondary">~</Typography.Text>
        {bound('max', max)}
      </Flex>
    </Form.Item>
  );
}

/**
 * The search (docs/product.md §3 "Potential config"): periods with the quick selector, categories and their
 * level, the category and brand limits. Searching checks it (docs/product.md §5) first, so a refused search
 * never leaves the form.
 */
export function SearchForm({
  initial,
  defaults,
  busy,
  onSearch,
}: {
  initial: PotentialConfig;
  defaults: PotentialConfig;
  busy: boolean;
  onSearch(config: PotentialConfig): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { granularity } = useAnalysisFilter();
  const periods = usePeriodPicker();
  const { treeData, loading: treeLoading } = useCategoryTreeData();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<SearchProblems>({});

  const change = (next: PotentialConfig) => {
    setDraft(next);
    // Problems shown stay until the field they are about changes for the better.
    if (Object.keys(problems).length) setProblems(checkSearch(next, granularity));
  };
  const submit = () => {
    const found = checkSearch(draft, granularity);
    setProblems(found);
    if (Object.keys(found).length === 0) onSearch(draft);
  };
  const pair = (r: PotentialConfig['date_range']) => periods.toDayjs(pickerPair(r, granularity));
  const limitsOf = (group: LimitDef['group']) =>
    LIMITS.filter((l) => l.group === group).map((l) => (
      <LimitField key={l.limit} def={l} config={draft} problem={problems[l.limit]} onChange={change} />
    ));

  return (
    <Card
      size="small"
      variant="borderless"
      title={t('potential.form.title')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('potential.form.hint', { currency: fmt.currency })}
        </Typography.Text>
      }
      data-testid="potential-form"
    >
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Flex gap={16} wrap align="flex-start">
          <Form.Item label={t('potential.form.period')} style={{ marginBottom: 12 }}>
            <LazyRangePicker
              picker={periods.picker}
              format={periods.format}
              allowClear={false}
              aria-label={t('potential.form.period')}
              value={pair(draft.date_range)}
              disabledDate={periods.disabledDate}
              onChange={(v) => {
                const p = periods.pickPair(v);
                if (p) change(withTarget(draft, fromPickerPair(p, granularity)));
              }}
              data-testid="potential-period"
            />
          </Form.Item>
          <Form.Item label=" " style={{ marginBottom: 12 }}>
            <Segmented
              value={draft.quick_selector}
              options={SELECTORS.map((s) => ({ value: s, label: t(`potential.form.selector.${s}`) }))}
              onChange={(s) => change(withSelector(draft, s as PotentialSelector))}
              data-testid="potential-selector"
            />
          </Form.Item>
          <Form.Item
            label={t('potential.form.benchmark')}
            style={{ marginBottom: 12 }}
            {...(problems.benchmark ? { validateStatus: 'error' as const, help: t(problems.benchmark) } : {})}
          >
            <LazyRangePicker
              picker={periods.picker}
              format={periods.format}
              allowClear={false}
              disabled={draft.quick_selector !== 'custom'}
              aria-label={t('potential.form.benchmark')}
              value={pair(draft.benchmark_date_range)}
              disabledDate={periods.disabledDate}
              onChange={(v) => {
                const p = periods.pickPair(v);
                if (p) change({ ...draft, benchmark_date_range: fromPickerPair(p, granularity) });
              }}
              data-testid="potential-benchmark"
            />
          </Form.Item>
          <Form.Item label={t('potential.form.categories')} style={{ marginBottom: 12, flex: '1 1 260px' }}>
            <TreeSelect
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              allowClear
              maxTagCount="responsive"
              loading={treeLoading}
              treeData={treeData}
              value={chosenCategories(draft)}
              aria-label={t('potential.form.categories')}
              placeholder={t('potential.form.categoriesAll')}
              onChange={(ids: number[]) =>
                change({ ...draft, categories_filter: { ...draft.categories_filter, categories: joinCategories(ids) } })
              }
              data-testid="potential-categories"
            />
          </Form.Item>
          <Form.Item label={t('potential.form.level')} style={{ marginBottom: 12 }}>
            <Segmented
              value={draft.categories_filter.category_level}
              options={LEVELS.map((l) => ({ value: l, label: t('potential.form.levelN', { level: l }) }))}
              onChange={(l) =>
                change({ ...draft, categories_filter: { ...draft.categories_filter, category_level: l as 1 | 2 | 3 } })
              }
              data-testid="potential-level"
            />
          </Form.Item>
        </Flex>
        <Typography.Text strong>{t('potential.form.categoryGroup')}</Typography.Text>
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          {limitsOf('categories_filter')}
        </Flex>
        <Typography.Text strong>{t('potential.form.brandGroup')}</Typography.Text>
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          {limitsOf('brands_filter')}
        </Flex>
        {problems.limits && (
          <Alert
            type="error"
            showIcon
            title={t(problems.limits)}
            style={{ marginBottom: 12 }}
            data-testid="limits-required"
          />
        )}
        <Flex gap={8} justify="flex-end">
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              setDraft(defaults);
              setProblems({});
            }}
            data-testid="potential-defaults"
          >
            {t('potential.form.defaults')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={busy}
            data-testid="potential-search"
          >
            {t('potential.form.search')}
          </Button>
        </Flex>
        {/* The searched periods' coverage, as the shared filter shows the applied range's (docs/product.md §4). */}
        <CoverageWarning ranges={searchedRanges(initial, granularity)} style={{ marginTop: 12, marginBottom: 0 }} />
      </Form>
    </Card>
  );
}
