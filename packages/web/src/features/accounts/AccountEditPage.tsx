import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { generateRandomPassword } from '@marketlens/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isRootRole } from '../../shared/auth/roles.js';
import { useUser } from '../../shared/auth/session.js';
import { CopyText } from '../../shared/ui/CopyText.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { accountState, roleLabel } from '../../shared/ui/labels.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { PageTags } from '../../shared/ui/PagesField.js';
import { useAction } from '../../shared/ui/useAction.js';
import { projectsApi } from '../projects/api.js';
import { GrantSummary } from '../projects/Grants.js';
import { MembershipModal, type MembershipValues, membershipInput } from '../projects/membership.js';
import { AccountFields, type AccountFormValues, validityChanges, validityFromApi } from './AccountFields.js';
import { type AccountPatch, accountKeys, accountsApi, type Membership } from './api.js';
import { DeleteAccountButton, mayDeleteAccount } from './DeleteAccount.js';

interface Values extends AccountFormValues {
  status: string;
  locked: boolean;
}

/**
 * Account editing: details, state, validity, password reset, deletion, and the user's projects with
 * pages and data grants.
 */
export default function AccountEditPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const me = useUser();
  const [form] = Form.useForm<Values>();
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const [editing, setEditing] = useState<Partial<MembershipValues> | null>(null);
  const detail = useQuery({ queryKey: accountKeys.one(id), queryFn: ({ signal }) => accountsApi.get(id, signal) });
  const projects = useQuery({
    queryKey: ['projects', 'all'],
    queryFn: ({ signal }) => projectsApi.list({ page_size: 1000 }, signal),
  });
  const projectById = new Map((projects.data?.items ?? []).map((p) => [p.id, p]));
  const initial = useMemo<Values | undefined>(() => {
    const u = detail.data?.user;
    return u
      ? {
          username: u.username,
          email: u.email,
          enterprise: u.enterprise,
          telephone: u.telephone,
          role: u.role,
          group: u.group,
          validity: validityFromApi(u.valid_from, u.valid_to),
          status: u.status,
          locked: u.locked,
        }
      : undefined;
  }, [detail.data]);

  // Actions are hooks: declared before the loading return.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['accounts'] });

  const save = useAction(
    async (v: Values) => {
      await accountsApi.update(id, {
        email: v.email.trim(),
        enterprise: v.enterprise.trim(),
        telephone: v.telephone.trim(),
        group: v.group ?? '',
        role: v.role,
        // The state picker offers only the stored states.
        status: v.status as AccountPatch['status'],
        ...(v.locked !== initial?.locked ? { locked: v.locked } : {}),
        ...validityChanges(initial?.validity, v.validity),
      });
      await refresh();
    },
    { errors: 'inline', success: t('common.saved') },
  );

  const resetPassword = useAction(async () => {
    const password = generateRandomPassword();
    await accountsApi.update(id, { password });
    setNewPassword(password);
  });

  // The membership modal runs this through its own action (busy flag, error toast).
  const saveMembership = async (v: MembershipValues) => {
    const projectId = v.project_id ?? editing?.project_id ?? 0;
    await accountsApi.setAuth(id, { project_id: projectId, ...membershipInput(v, projectById.get(projectId)) });
    void message.success(t('common.saved'));
    setEditing(null);
    await refresh();
  };

  const removeMembership = useAction(
    async (m: Membership) => {
      await projectsApi.removeMember(m.project_id, id);
      await refresh();
    },
    { success: t('common.removed') },
  );

  if (detail.isPending || !initial || !detail.data) {
    return (
      <PageFrame title={t('route.accountEdit')}>
        <Skeleton active />
      </PageFrame>
    );
  }
  const user = detail.data.user;
  const state = accountState(t, user);
  const pendingReview = user.status === 'pending';
  return (
    <PageFrame
      title={t('route.accountEdit')}
      subtitle={
        <Space>
          {user.username}
          <Tag color={state.tone}>{state.label}</Tag>
        </Space>
      }
      extra={
        <>
          {mayDeleteAccount(me, user) && (
            <DeleteAccountButton account={user} onDeleted={() => navigate('/accounts', { replace: true })} />
          )}
          <Button onClick={() => navigate('/accounts')}>{t('common.backToList')}</Button>
        </>
      }
      bare
    >
      <Card title={t('accountEdit.details')} variant="borderless">
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={save.run}
          style={{ maxWidth: 880 }}
        >
          {save.error && <Alert type="error" showIcon title={save.error} style={{ marginBottom: 16 }} />}
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <AccountFields editing />
            </Col>
            <Col xs={24} md={12}>
              {/* The server's rule (statusChangeProblem): only root takes an account out of pending
                  review — active approves its opening, disabled rejects it — and nobody puts one back. */}
              <Form.Item
                name="status"
                label={t('account.status')}
                {...(pendingReview && !isRootRole(me.role) ? { extra: t('applications.rootOnly') } : {})}
              >
                <Select
                  disabled={pendingReview && !isRootRole(me.role)}
                  options={[
                    { value: 'active', label: t('account.state.active') },
                    ...(pendingReview ? [{ value: 'pending', label: t('account.state.pending') }] : []),
                    { value: 'disabled', label: t('account.state.disabled') },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name="locked"
                label={t('account.state.locked')}
                valuePropName="checked"
                extra={t('accountEdit.lockedHint')}
              >
                <Switch />
              </Form.Item>
              <Form.Item label={t('accountEdit.password')} extra={t('accountEdit.passwordHint')}>
                {newPassword ? (
                  <CopyText text={newPassword} />
                ) : (
                  <Popconfirm title={t('accountEdit.resetConfirm')} onConfirm={() => resetPassword.run()}>
                    <Button icon={<KeyOutlined />}>{t('accountEdit.resetPassword')}</Button>
                  </Popconfirm>
                )}
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.busy}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
      <Card
        title={t('accountEdit.projects')}
        variant="borderless"
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ role: 'general', pages: [], categories: [] })}>
            {t('accountEdit.addProject')}
          </Button>
        }
      >
        <Table<Membership>
          rowKey="project_id"
          pagination={false}
          dataSource={detail.data.projects}
          columns={[
            nameColumn<Membership>({ key: 'project', title: t('member.project'), text: (m) => m.project_name }),
            { title: t('member.role'), dataIndex: 'role', width: 140, render: (r: string) => roleLabel(t, r) },
            { title: t('member.pages'), dataIndex: 'pages', render: (p: number[]) => <PageTags pages={p} /> },
            {
              title: t('member.grants'),
              width: 220,
              render: (_, m) => <GrantSummary grants={m} limits={projectById.get(m.project_id)} />,
            },
            {
              title: t('common.actions'),
              width: 180,
              render: (_, m) => (
                <Flex>
                  <Button type="link" onClick={() => setEditing({ ...m })}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm title={t('member.confirmRemove')} onConfirm={() => removeMembership.run(m)}>
                    <Button type="link" danger>
                      {t('common.remove')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <MembershipModal
        open={editing !== null}
        title={editing?.project_id ? t('accountEdit.editProject') : t('accountEdit.addProject')}
        initial={editing ?? undefined}
        projects={projects.data?.items}
        onCancel={() => setEditing(null)}
        onSubmit={saveMembership}
      />
    </PageFrame>
  );
}
