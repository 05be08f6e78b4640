import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { periodStart, validateNewKeyword } from '@marketlens/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Cascader,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/request.js';
import { type AnalysisFilter, activeCount, type DatePair, emptyFilter, encodeFilter, type Selector } from './filter.js';
import {
  type CategoryNode,
  type NamedItem,
  useBrandSearch,
  useCategoryTree,
  useFilterAttributes,
  usePlatformChannels,
  useProjectId,
} from './reference.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { checkFilter, type FilterProblem } from './validate.js';

export const FILTER_SECTIONS = [
  'date',
  'compare',
  'category',
  'channels',
  'brands',
  'keywords',
  'attributes',
  'price',
  'favourites',
] as const;
export type FilterSectionName = (typeof FILTER_SECTIONS)[number];

/** Sections shown without expanding "more filters", unless a page says otherwise. */
const DEFAULT_PRIMARY: readonly FilterSectionName[] = ['date', 'compare', 'category', 'channels'];

export interface FilterPanelProps {
  /** The sections this page offers, in display order; default all. */
  sections?: readonly FilterSectionName[];
  /** Sections always visible; the others sit behind "more filters". */
  primary?: readonly FilterSectionName[];
  /** Extra content on the right of the buttons (page-specific controls). */
  extra?: ReactNode;
}

const SEPARATORS = /[\s,，;；]+/;

/** Text of a problem (a key of the shared catalogue or of this area). */
function useProblemText() {
  const { t } = useTranslation();
  return (p: FilterProblem | undefined) => (p ? t(p.key, p.params) : undefined);
}

function toDayjs(pair: DatePair | null | undefined): [Dayjs, Dayjs] | null {
  return pair ? [dayjs(pair[0]), dayjs(pair[1])] : null;
}

/**
 * The filter panel shared by every analysis page (spec §3). It edits a draft; Apply writes the draft
 * into the URL (validated with the spec §5 rules first) and Reset clears the URL's filter. Back and
 * forward bring the panel along, because it follows the applied filter of the URL.
 */
export function FilterPanel({ sections = FILTER_SECTIONS, primary = DEFAULT_PRIMARY, extra }: FilterPanelProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const problemText = useProblemText();
  const projectId = useProjectId();
  const { filter, defaultDate, bounds, granularity, apply, reset } = useAnalysisFilter();
  const [draft, setDraft] = useState<AnalysisFilter>(filter);
  const [expanded, setExpanded] = useState(false);
  const [submitted, setSubmitted] = useState(false);
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

  const update = (patch: Partial<AnalysisFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const problems = checkFilter({ ...draft, date: draft.date ?? defaultDate ?? null });
  const has = (s: FilterSectionName) => sections.includes(s);
  const visible = (s: FilterSectionName) => has(s) && (expanded || primary.includes(s));
  const hiddenCount = activeCount({
    ...draft,
    ...(visible('category') ? { category: { enable: false, value: [] }, sql: { enable: false, value: '' } } : {}),
    ...(visible('channels') ? { channels: [] } : {}),
    ...(visible('brands') ? { brands: [] } : {}),
    ...(visible('keywords') ? { goodsKeywords: { ...draft.goodsKeywords, enable: false } } : {}),
    ...(visible('attributes') ? { attributes: {}, newAttributes: [] } : {}),
    ...(visible('price') ? { bands: ['', ''] as [string, string] } : {}),
    ...(visible('favourites') ? { isFollowConcernedBrands: false } : {}),
  });

  // Custom SQL: checked by the server (GET /categories/sql) before it is applied.
  const [sqlCheck, setSqlCheck] = useState<
    { text: string; ok: true; count: number } | { text: string; ok: false; message: string } | null
  >(null);
  const [sqlBusy, setSqlBusy] = useState(false);
  const checkSql = async (text: string): Promise<boolean> => {
    if (projectId === undefined) return false;
    setSqlBusy(true);
    try {
      const r = await api.get<{ items: unknown[] }>(
        '/api/common/categories/sql',
        { data_scope_id: projectId, sql: text },
        { silent: true },
      );
      setSqlCheck({ text, ok: true, count: r.items.length });
      return true;
    } catch (err) {
      if (isApiError(err) && err.cancelled) return false;
      setSqlCheck({ text, ok: false, message: isApiError(err) && err.message ? err.message : t('errors.generic') });
      return false;
    } finally {
      setSqlBusy(false);
    }
  };

  const onApply = async () => {
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    const sql = draft.sql.value.trim();
    if (draft.sql.enable && sql && !(sqlCheck?.text === sql && sqlCheck.ok) && !(await checkSql(sql))) return;
    if (apply(draft)) flushSync(() => setApplying(true));
  };
  const onReset = () => {
    setSqlCheck(null);
    setKeywordError(undefined);
    setAttributeError(undefined);
    setSubmitted(false);
    // When the URL holds no filter already, reset() changes nothing there: clear the draft here.
    setDraft(emptyFilter());
    reset();
  };

  // Keywords
  const [keywordInput, setKeywordInput] = useState('');
  const [keywordError, setKeywordError] = useState<string | undefined>();
  const words = Array.isArray(draft.goodsKeywords.value) ? draft.goodsKeywords.value : [];
  const superText = typeof draft.goodsKeywords.value === 'string' ? draft.goodsKeywords.value : '';
  const addKeywords = () => {
    const next = [...words];
    for (const w of keywordInput.split(SEPARATORS).filter(Boolean)) {
      const problem = validateNewKeyword(w, next);
      if (problem) {
        setKeywordError(t(problem));
        return;
      }
      next.push(w.trim());
    }
    setKeywordError(undefined);
    setKeywordInput('');
    update({ goodsKeywords: { ...draft.goodsKeywords, enable: next.length > 0, input_type: 'keyword', value: next } });
  };

  // Attributes
  const attributes = useFilterAttributes();
  const [attributeError, setAttributeError] = useState<string | undefined>();

  // Brands: server-side search; labels of chosen brands kept across searches.
  const [brandSearch, setBrandSearch] = useState('');
  const [brandPrefix, setBrandPrefix] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setBrandPrefix(brandSearch.trim()), 250);
    return () => clearTimeout(id);
  }, [brandSearch]);
  const brands = useBrandSearch(brandPrefix);
  const brandLabels = useRef(new Map<number, NamedItem>());
  for (const b of brands.data ?? []) brandLabels.current.set(b.id, b);
  const brandOptions = useMemo(() => {
    const seen = new Map<number, NamedItem>();
    for (const id of draft.brands) {
      const b = brandLabels.current.get(id);
      if (b) seen.set(id, b);
    }
    for (const b of brands.data ?? []) seen.set(b.id, b);
    return [...seen.values()].map((b) => ({ value: b.id, label: en ? b.name_en : b.name }));
  }, [brands.data, draft.brands, en]);

  // Categories
  const tree = useCategoryTree();
  const treeData = useMemo(() => {
    interface TreeNode {
      title: string;
      value: number;
      children: TreeNode[];
    }
    const map = (n: CategoryNode): TreeNode => ({
      title: en ? n.category_name_en : n.category_name,
      value: n.category_id,
      children: n.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data, en]);

  // Channels
  const channels = usePlatformChannels();
  const channelOptions = useMemo(
    () =>
      (channels.data ?? []).map((p) => ({
        value: String(p.platform_id),
        label: en ? p.platform_en : p.platform,
        children: p.channels.map((c) => ({
          value: c.code,
          label: `${en ? c.shop_type_en : c.shop_type}${c.is_active ? '' : t('analysis.filter.inactive')}`,
        })),
      })),
    [channels.data, en, t],
  );
  const channelValue = draft.channels.map((c) => c.split(','));

  // Dates
  const picker = granularity === 'week' ? 'week' : 'month';
  const toPeriod = (d: Dayjs) => periodStart(d.format('YYYY-MM-DD'), granularity);
  const pickPair = (v: [Dayjs | null, Dayjs | null] | null): DatePair | null =>
    v?.[0] && v[1] ? [toPeriod(v[0]), toPeriod(v[1])] : null;
  const disabledDate = (d: Dayjs) => {
    if (!bounds) return false;
    const p = toPeriod(d);
    return p < periodStart(bounds[0], granularity) || p > periodStart(bounds[1], granularity);
  };
  const format = granularity === 'week' ? (en ? 'YYYY-[W]ww' : 'YYYY-第ww周') : 'YYYY-MM';

  const show = (key: keyof typeof problems) => submitted || key !== 'dateBefore' || draft.dateBefore !== null;
  const errorOf = (key: keyof typeof problems) => (show(key) ? problemText(problems[key]) : undefined);
  const itemStatus = (msg: string | undefined) => (msg ? { validateStatus: 'error' as const, help: msg } : {});

  const sectionNodes: Record<FilterSectionName, ReactNode> = {
    date: (
      <Form.Item label={t('analysis.filter.date')} {...itemStatus(errorOf('date'))}>
        <DatePicker.RangePicker
          picker={picker}
          format={format}
          allowClear={false}
          style={{ width: '100%' }}
          value={toDayjs(draft.date ?? defaultDate)}
          disabledDate={disabledDate}
          onChange={(v) => update({ date: pickPair(v) })}
          data-testid="filter-date"
        />
      </Form.Item>
    ),
    compare: (
      <Form.Item label={t('analysis.filter.compare')} {...itemStatus(errorOf('dateBefore'))}>
        <Flex gap={8} wrap>
          <Segmented<Selector>
            value={draft.selector}
            onChange={(selector) => update({ selector, ...(selector === 'custom' ? {} : { dateBefore: null }) })}
            options={(['mom', 'yoy', 'custom'] as const).map((s) => ({ value: s, label: t(`analysis.filter.${s}`) }))}
          />
          {draft.selector === 'custom' && (
            <DatePicker.RangePicker
              picker={picker}
              format={format}
              style={{ flex: 1, minWidth: 220 }}
              aria-label={t('analysis.filter.benchmark')}
              value={toDayjs(draft.dateBefore)}
              disabledDate={disabledDate}
              onChange={(v) => update({ dateBefore: pickPair(v) })}
              data-testid="filter-benchmark"
            />
          )}
        </Flex>
      </Form.Item>
    ),
    category: (
      <Form.Item
        label={t('analysis.filter.category')}
        {...(draft.sql.enable && sqlCheck && !sqlCheck.ok && sqlCheck.text === draft.sql.value.trim()
          ? { validateStatus: 'error' as const, help: sqlCheck.message }
          : draft.sql.enable && sqlCheck?.ok && sqlCheck.text === draft.sql.value.trim()
            ? { validateStatus: 'success' as const, help: t('analysis.filter.sqlValid', { count: sqlCheck.count }) }
            : {})}
      >
        <Flex vertical gap={6}>
          <Segmented
            size="small"
            value={draft.sql.enable ? 'sql' : 'category'}
            onChange={(mode) =>
              // Spec §4: choosing one mode resets the other.
              update(
                mode === 'sql'
                  ? { category: { enable: false, value: [] }, sql: { enable: true, value: draft.sql.value } }
                  : { sql: { enable: false, value: '' }, category: { enable: false, value: [] } },
              )
            }
            options={[
              { value: 'category', label: t('analysis.filter.categoryMode') },
              { value: 'sql', label: t('analysis.filter.sqlMode') },
            ]}
          />
          {draft.sql.enable ? (
            <Flex gap={8} align="start">
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={4000}
                value={draft.sql.value}
                placeholder={t('analysis.filter.sqlPlaceholder')}
                onChange={(e) => update({ sql: { enable: true, value: e.target.value } })}
                data-testid="filter-sql"
              />
              <Button
                loading={sqlBusy}
                disabled={!draft.sql.value.trim()}
                onClick={() => void checkSql(draft.sql.value.trim())}
              >
                {t('analysis.filter.sqlCheck')}
              </Button>
            </Flex>
          ) : (
            <TreeSelect<number[]>
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              allowClear
              showSearch
              treeNodeFilterProp="title"
              maxTagCount="responsive"
              loading={tree.isLoading}
              treeData={treeData}
              value={draft.category.value}
              placeholder={t('analysis.filter.categoryPlaceholder')}
              onChange={(value) =>
                update({ category: { enable: value.length > 0, value }, sql: { enable: false, value: '' } })
              }
              style={{ width: '100%' }}
              data-testid="filter-category"
            />
          )}
        </Flex>
      </Form.Item>
    ),
    channels: (
      <Form.Item label={t('analysis.filter.channels')}>
        <Cascader
          multiple
          allowClear
          showCheckedStrategy={Cascader.SHOW_PARENT}
          maxTagCount="responsive"
          options={channelOptions}
          value={channelValue}
          placeholder={t('analysis.filter.channelsPlaceholder')}
          onChange={(paths) => update({ channels: (paths as string[][]).map((p) => p.join(',')) })}
          style={{ width: '100%' }}
          data-testid="filter-channels"
        />
      </Form.Item>
    ),
    brands: (
      <Form.Item label={t('analysis.filter.brands')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ filterOption: false, searchValue: brandSearch, onSearch: setBrandSearch }}
          maxTagCount="responsive"
          loading={brands.isFetching}
          options={brandOptions}
          value={draft.brands}
          placeholder={t('analysis.filter.brandsPlaceholder')}
          onChange={(value) => update({ brands: value })}
          style={{ width: '100%' }}
          data-testid="filter-brands"
        />
      </Form.Item>
    ),
    keywords: (
      <Form.Item
        label={t('analysis.filter.keywords')}
        {...itemStatus(draft.goodsKeywords.input_type === 'super' ? errorOf('keywords') : keywordError)}
      >
        <Flex vertical gap={6}>
          <Flex gap={8} wrap>
            <Segmented
              size="small"
              value={draft.goodsKeywords.input_type}
              onChange={(mode) => {
                setKeywordError(undefined);
                update({
                  goodsKeywords: {
                    enable: false,
                    input_type: mode as 'keyword' | 'super',
                    condition_type: 'AND',
                    value: mode === 'super' ? '' : [],
                  },
                });
              }}
              options={[
                { value: 'keyword', label: t('analysis.filter.keywordMode') },
                { value: 'super', label: t('analysis.filter.superMode') },
              ]}
            />
            {draft.goodsKeywords.input_type === 'keyword' && (
              <Radio.Group
                size="small"
                optionType="button"
                value={draft.goodsKeywords.condition_type}
                onChange={(e) => update({ goodsKeywords: { ...draft.goodsKeywords, condition_type: e.target.value } })}
                options={[
                  { value: 'AND', label: t('analysis.filter.conditionAnd') },
                  { value: 'OR', label: t('analysis.filter.conditionOr') },
                ]}
              />
            )}
          </Flex>
          {draft.goodsKeywords.input_type === 'super' ? (
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={1000}
              value={superText}
              placeholder={t('analysis.filter.superPlaceholder')}
              onChange={(e) =>
                update({
                  goodsKeywords: {
                    enable: e.target.value.trim() !== '',
                    input_type: 'super',
                    condition_type: 'AND',
                    value: e.target.value,
                  },
                })
              }
              data-testid="filter-super"
            />
          ) : (
            <>
              <Input
                value={keywordInput}
                placeholder={t('analysis.filter.keywordsPlaceholder')}
                onChange={(e) => {
                  setKeywordInput(e.target.value);
                  setKeywordError(undefined);
                }}
                onPressEnter={(e) => {
                  e.preventDefault();
                  addKeywords();
                }}
                onBlur={() => keywordInput.trim() && addKeywords()}
                data-testid="filter-keyword-input"
              />
              {words.length > 0 && (
                <Flex gap={4} wrap>
                  {words.map((w) => (
                    <Tag
                      key={w}
                      closable
                      onClose={() => {
                        const next = words.filter((x) => x !== w);
                        update({ goodsKeywords: { ...draft.goodsKeywords, enable: next.length > 0, value: next } });
                      }}
                    >
                      {w}
                    </Tag>
                  ))}
                </Flex>
              )}
            </>
          )}
        </Flex>
      </Form.Item>
    ),
    attributes: (
      <Form.Item label={t('analysis.filter.attributes')} {...itemStatus(attributeError ?? errorOf('attributes'))}>
        <Flex vertical gap={6}>
          {(attributes.data ?? []).map((a) => (
            <Select<string[]>
              key={a.name}
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
              prefix={<Typography.Text type="secondary">{en ? a.title_en : a.title}</Typography.Text>}
              placeholder={t('analysis.filter.attributeValues', { max: 10 })}
              value={draft.attributes[a.name] ?? []}
              options={a.filter_values.map((v) => ({ value: v.value, label: en ? v.value_en : v.value }))}
              onChange={(values) => {
                const tooMany = checkFilter({ ...draft, attributes: { [a.name]: values } }).attributes;
                if (tooMany) {
                  // Spec §5: the 11th value is refused with the message; the 10 chosen stay.
                  setAttributeError(problemText(tooMany));
                  return;
                }
                setAttributeError(undefined);
                const next = { ...draft.attributes, [a.name]: values };
                if (values.length === 0) delete next[a.name];
                update({ attributes: next });
              }}
              style={{ width: '100%' }}
              data-testid={`filter-attribute-${a.name}`}
            />
          ))}
        </Flex>
      </Form.Item>
    ),
    price: (
      <Form.Item label={t('analysis.filter.price')} {...itemStatus(errorOf('price'))}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            inputMode="decimal"
            aria-label={t('analysis.filter.priceMin')}
            placeholder={t('analysis.filter.priceMin')}
            value={draft.bands[0]}
            onChange={(e) => update({ bands: [e.target.value, draft.bands[1]] })}
            data-testid="filter-price-min"
          />
          <Input
            inputMode="decimal"
            aria-label={t('analysis.filter.priceMax')}
            placeholder={t('analysis.filter.priceMax')}
            value={draft.bands[1]}
            onChange={(e) => update({ bands: [draft.bands[0], e.target.value] })}
            data-testid="filter-price-max"
          />
        </Space.Compact>
      </Form.Item>
    ),
    favourites: (
      <Form.Item label={t('analysis.filter.favouritesOnly')}>
        <Switch
          checked={draft.isFollowConcernedBrands}
          onChange={(on) => update({ isFollowConcernedBrands: on })}
          data-testid="filter-favourites"
        />
      </Form.Item>
    ),
  };

  const wide = new Set<FilterSectionName>(['keywords', 'attributes']);
  const more = sections.some((s) => !primary.includes(s));
  const blocked = submitted && Object.keys(problems).length > 0;
  return (
    <Card size="small" variant="borderless" styles={{ body: { padding: '12px 16px 4px' } }} data-testid="filter-panel">
      <Form
        size="middle"
        layout="horizontal"
        labelAlign="left"
        labelCol={{ flex: en ? '132px' : '88px' }}
        wrapperCol={{ flex: 'auto' }}
        colon={false}
        onSubmitCapture={(e) => e.preventDefault()}
      >
        <Row gutter={[24, 0]}>
          {sections.filter(visible).map((s) => (
            <Col key={s} xs={24} lg={wide.has(s) ? 24 : 12} xxl={wide.has(s) ? 16 : 8}>
              {sectionNodes[s]}
            </Col>
          ))}
        </Row>
        {blocked && <Alert type="error" showIcon title={t('analysis.filter.invalid')} style={{ marginBottom: 12 }} />}
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space>
            <Button
              type="primary"
              onClick={() => void onApply()}
              loading={sqlBusy || applying}
              data-testid="filter-apply"
            >
              {t('analysis.filter.apply')}
            </Button>
            <Button onClick={onReset} data-testid="filter-reset">
              {t('analysis.filter.reset')}
            </Button>
            {more && (
              <Button type="link" onClick={() => setExpanded((x) => !x)} data-testid="filter-more">
                {expanded ? t('analysis.filter.less') : t('analysis.filter.more')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
                {!expanded && hiddenCount > 0 && <Badge count={hiddenCount} size="small" color="#1677ff" />}
              </Button>
            )}
          </Space>
          {extra}
        </Flex>
      </Form>
    </Card>
  );
}
