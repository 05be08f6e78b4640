import { ROLES, roleMatches } from '@marketlens/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/auth/session.js';
import { currentLocale } from '../../shared/i18n/index.js';
import { roleOptions } from '../../shared/ui/labels.js';
import { PagesField } from '../../shared/ui/PagesField.js';
import { useAction } from '../../shared/ui/useAction.js';
import { projectKeys, projectsApi } from './api.js';
import { GRANTS, GrantSelect, limitedKinds } from './Grants.js';
import type { MembershipProject, MembershipValues } from './membershipValues.js';

interface Props {
  open: boolean;
  title: string;
  initial?: Partial<MembershipValues>;
  /** Choose the project (account screen) — otherwise `project` is fixed. */
  projects?: MembershipProject[];
  project?: Omit<MembershipProject, 'name'>;
  /** Choose the user (project screen): from a list for administrators, by name otherwise. */
  users?: { id: number; username: string; enterprise: string }[] | 'byName';
  onCancel(): void;
  onSubmit(values: MembershipValues): Promise<void>;
}

/**
 * A user's membership of a project (docs/product.md §6): project role, page permissions (within the project's
 * pages), granted categories, and granted brands and shops where the project limits them (DESIGN §6).
 * One editor for the account screen and the project's user management.
 */
export default function MembershipModal({ open, title, initial, projects, project, users, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const [form] = Form.useForm<MembershipValues>();
  const submit = useAction(onSubmit);
  const chosenProject = Form.useWatch('project_id', form) ?? project?.id;
  const scope = projects?.find((p) => p.id === chosenProject) ?? project;
  const categories = useQuery({
    queryKey: projectKeys.categories(chosenProject ?? 0),
    queryFn: ({ signal }) => projectsApi.categories(chosenProject!, signal),
    enabled: open && chosenProject !== undefined,
  });
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ role: '', pages: [], categories: [], brands: [], shops: [], ...initial });
    }
  }, [open, initial, form]);
  // Only root hands out root or admin (the server enforces it too).
  const roles = roleMatches(me.role, ['root']) ? ROLES : ROLES.filter((r) => !roleMatches(r, ['root', 'admin']));
  const en = currentLocale() === 'en';
  const categoryOptions = (categories.data?.items ?? []).map((c) => ({
    value: c.category_id,
    label: `${'· '.repeat(Math.max(0, c.level - 1))}${(en ? c.category_name_en : c.category_name) || c.category_id}`,
  }));
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('common.save')}
      confirmLoading={submit.busy}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form<MembershipValues> form={form} layout="vertical" onFinish={submit.run} requiredMark={false}>
        {projects && (
          <Form.Item
            name="project_id"
            label={t('member.project')}
            rules={[{ required: true, message: t('member.projectRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={projects.map((p) => ({ value: p.id, label: p.name }))}
              disabled={initial?.project_id !== undefined}
            />
          </Form.Item>
        )}
        {users === 'byName' && (
          <Form.Item
            name="username"
            label={t('account.username')}
            rules={[{ required: true, message: t('validation.username.required') }]}
          >
            <Input />
          </Form.Item>
        )}
        {Array.isArray(users) && (
          <Form.Item
            name="user_id"
            label={t('account.username')}
            rules={[{ required: true, message: t('validation.username.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={users.map((u) => ({
                value: u.id,
                label: u.enterprise ? `${u.username} (${u.enterprise})` : u.username,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="role" label={t('member.role')}>
          <Select options={roleOptions(t, roles)} />
        </Form.Item>
        <Form.Item name="pages" label={t('member.pages')}>
          <PagesField within={scope?.pages} />
        </Form.Item>
        <Form.Item label={t('member.categories')} extra={t('member.categoriesHint')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="categories" noStyle>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                loading={categories.isFetching}
                options={categoryOptions}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Button
              onClick={() =>
                form.setFieldValue(
                  'categories',
                  categoryOptions.map((o) => o.value),
                )
              }
            >
              {t('member.allCategories')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {chosenProject !== undefined &&
          limitedKinds(scope).map((kind) => (
            <Form.Item key={kind} name={kind} label={t(GRANTS[kind].label)} extra={t(GRANTS[kind].hint)}>
              <GrantSelect projectId={chosenProject} kind={kind} />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}
