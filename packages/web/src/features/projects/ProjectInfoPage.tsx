import { PAGE_IDS } from '@marketlens/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Divider, Form, Input, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SESSION_KEY } from '../../shared/auth/session.js';
import { currentLocale } from '../../shared/i18n/index.js';
import { PagesField } from '../../shared/ui/PagesField.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type ProjectInput, projectKeys, projectsApi } from './api.js';
import { GRANT_KINDS, GRANTS, limitedKinds } from './Grants.js';
import { ProjectFrame, useProject, useProjectId } from './ProjectFrame.js';

type Values = Omit<ProjectInput, 'owner_id'> & { owner_id?: number | null };

const DEFAULTS: Partial<Values> = {
  date_field: 'month',
  has_series: false,
  hide_keywords: false,
  discount_price: false,
  limit_brands: false,
  limit_shops: false,
  pages: [...PAGE_IDS],
};

/** Create or edit a project: dataset, currency, date field, series, keywords, discount, limits, pages. */
export default function ProjectInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useProjectId();
  const isNew = !Number.isFinite(id);
  const project = useProject(id);
  const [form] = Form.useForm<Values>();
  const datasets = useQuery({ queryKey: ['datasets'], queryFn: ({ signal }) => projectsApi.datasets(signal) });
  const currencies = useQuery({ queryKey: ['currencies'], queryFn: ({ signal }) => projectsApi.currencies(signal) });
  const users = useQuery({
    queryKey: projectKeys.accountChoices,
    queryFn: ({ signal }) => projectsApi.accountChoices(signal),
  });
  // The server refuses another dataset while the project has categories (or grants): say so at the field.
  const categories = useQuery({
    queryKey: projectKeys.categories(id),
    queryFn: ({ signal }) => projectsApi.categories(id, signal),
    enabled: !isNew,
  });
  const datasetLocked = (categories.data?.items.length ?? 0) > 0;
  const hasSeries = Form.useWatch('has_series', form);
  const limited = limitedKinds({
    limit_brands: Form.useWatch('limit_brands', form) === true,
    limit_shops: Form.useWatch('limit_shops', form) === true,
  });
  const en = currentLocale() === 'en';
  // A dataset holds one granularity and one currency (the server refuses others, docs/product.md §5):
  // once one is chosen the form offers only those.
  const datasetName = Form.useWatch('data_scope', form);
  const chosen = datasets.data?.items.find((x) => x.table_name === datasetName);
  const granularities = (['month', 'week'] as const).filter((g) => !chosen || g === chosen.date_field);
  const currencyChoices = chosen
    ? [
        currencies.data?.items.find((c) => c.currency_unit === chosen.currency_unit) ?? {
          currency_unit: chosen.currency_unit,
          cur_symbol: chosen.cur_symbol,
        },
      ]
    : (currencies.data?.items ?? []);

  useEffect(() => {
    if (project.data) form.setFieldsValue(project.data as Values);
  }, [project.data, form]);

  /** Picking a dataset proposes its currency, date field, series and discount settings. */
  const onDataset = (name: string) => {
    const d = datasets.data?.items.find((x) => x.table_name === name);
    if (!d) return;
    form.setFieldsValue({
      currency_unit: d.currency_unit,
      cur_symbol: d.cur_symbol,
      // A dataset is by month or by week.
      date_field: d.date_field,
      has_series: d.has_series,
      discount_price: d.discount_price,
    });
  };

  const submit = useAction(
    async (v: Values) => {
      const input = { ...v, name: v.name.trim() };
      const saved = isNew ? await projectsApi.create(input) : await projectsApi.update(id, input);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      if (isNew) navigate(`/projects/${saved.id}/category-management`, { replace: true });
    },
    { errors: 'inline', success: isNew ? t('projects.created') : t('common.saved') },
  );

  if (!isNew && project.isPending) {
    return (
      <ProjectFrame>
        <Skeleton active />
      </ProjectFrame>
    );
  }
  return (
    <ProjectFrame>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={DEFAULTS}
        onFinish={submit.run}
        style={{ maxWidth: 960 }}
        data-testid="project-form"
      >
        {submit.error && (
          <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} data-testid="form-error" />
        )}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('projects.name')}
              validateTrigger="onBlur"
              rules={[
                { required: true, whitespace: true, message: t('projects.nameRequired') },
                {
                  validator: async (_, name: string) => {
                    if (!name?.trim()) return;
                    const r = await projectsApi.nameTaken(name.trim(), isNew ? undefined : id);
                    if (r.exists) throw new Error(r.message);
                  },
                },
              ]}
            >
              <Input data-testid="field-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="data_scope"
              label={t('projects.dataset')}
              rules={[{ required: true, message: t('projects.datasetRequired') }]}
              {...(datasetLocked
                ? { extra: <span data-testid="dataset-locked">{t('projects.datasetLocked')}</span> }
                : {})}
            >
              <Select
                disabled={datasetLocked}
                loading={datasets.isPending}
                onChange={onDataset}
                data-testid="field-dataset"
                options={(datasets.data?.items ?? []).map((d) => ({
                  value: d.table_name,
                  label: `${en ? d.title_en : d.title} (${d.table_name})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency_unit" label={t('projects.currency')}>
              <Select
                loading={currencies.isPending}
                onChange={(unit: string) =>
                  form.setFieldValue('cur_symbol', currencyChoices.find((c) => c.currency_unit === unit)?.cur_symbol)
                }
                data-testid="field-currency"
                options={currencyChoices.map((c) => ({
                  value: c.currency_unit,
                  label: `${c.currency_unit} ${c.cur_symbol}`,
                }))}
              />
            </Form.Item>
            <Form.Item name="cur_symbol" hidden>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date_field" label={t('projects.granularity')}>
              <Radio.Group
                optionType="button"
                data-testid="field-granularity"
                options={granularities.map((g) => ({
                  value: g,
                  label: g === 'week' ? t('projects.weekly') : t('projects.monthly'),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="owner_id" label={t('projects.owner')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: u.username }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('projects.options')}
        </Divider>
        <Row gutter={24}>
          <Col xs={12} md={8}>
            <Form.Item name="has_series" label={t('projects.hasSeries')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="hide_keywords" label={t('projects.hideKeywords')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="discount_price" label={t('projects.discountPrice')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {hasSeries && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="series_name" label={t('projects.seriesName')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="series_name_en" label={t('projects.seriesNameEn')}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Divider titlePlacement="start" plain>
          {t('projects.dataLimits')}
        </Divider>
        <Row gutter={24}>
          {GRANT_KINDS.map((kind) => (
            <Col xs={12} md={8} key={kind}>
              <Form.Item
                name={GRANTS[kind].limit}
                label={t(GRANTS[kind].limitLabel)}
                valuePropName="checked"
                tooltip={t(GRANTS[kind].limitHint)}
              >
                <Switch data-testid={`limit-${kind}`} />
              </Form.Item>
            </Col>
          ))}
          {limited.length > 0 && (
            <Col xs={24}>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 24 }}
                data-testid="limits-notice"
                title={t('projects.limitsNotice', {
                  what: limited.map((k) => t(GRANTS[k].limitWhat)).join(t('projects.listJoin')),
                })}
                description={t('projects.limitsNoticeText')}
                action={
                  // Only once a limit is saved: going there first would drop the unsaved switch.
                  limitedKinds(project.data).length > 0 ? (
                    <Button size="small" onClick={() => navigate(`/projects/${id}/user-management`)}>
                      {t('projects.toMembers')}
                    </Button>
                  ) : undefined
                }
              />
            </Col>
          )}
        </Row>
        <Form.Item
          name="pages"
          label={t('projects.pages')}
          rules={[{ type: 'array', min: 1, message: t('projects.pagesRequired') }]}
        >
          <PagesField />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submit.busy} data-testid="project-submit">
            {isNew ? t('projects.create') : t('common.save')}
          </Button>
          <Button onClick={() => navigate('/projects')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </ProjectFrame>
  );
}
