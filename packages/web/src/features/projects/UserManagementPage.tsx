import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminRole } from '../../shared/auth/roles.js';
import { useUser } from '../../shared/auth/session.js';
import { contactColumns, nameColumn } from '../../shared/ui/DisplayText.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { roleLabel } from '../../shared/ui/labels.js';
import { PageTags } from '../../shared/ui/PagesField.js';
import { ScrollTable } from '../../shared/ui/ScrollTable.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type Member, projectKeys, projectsApi } from './api.js';
import { GrantSummary } from './Grants.js';
import { MembershipModal, type MembershipValues, membershipInput } from './membership.js';
import { ProjectFrame, useProject, useProjectId } from './ProjectFrame.js';

/**
 * The member table's widths: the username (fixed at the left), project role and data access come first
 * and the actions stay at the right, so what a member may do reads at 1280 px; pages and contact fields
 * follow and scroll.
 */
const W = { username: 160, role: 130, grants: 200, pages: 240, email: 200, enterprise: 180, actions: 150 };

/**
 * A project's members: their project role, pages and data grants (categories; brands and shops where
 * the project limits them). Project admins manage this too.
 */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const me = useUser();
  const id = useProjectId();
  const project = useProject(id);
  const admin = isAdminRole(me.role);
  // userId set = editing that member; absent = adding someone.
  const [editing, setEditing] = useState<{ userId?: number; initial: Partial<MembershipValues> } | null>(null);
  const members = useQuery({
    queryKey: projectKeys.members(id),
    queryFn: ({ signal }) => projectsApi.members(id, signal),
  });
  // Administrators pick from every account; a project admin adds people by username.
  const users = useQuery({
    queryKey: projectKeys.accountChoices,
    queryFn: ({ signal }) => projectsApi.accountChoices(signal),
    enabled: admin,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.members(id) });

  const submit = async (v: MembershipValues) => {
    const input = membershipInput(v, project.data);
    if (editing?.userId !== undefined) await projectsApi.updateMember(id, editing.userId, input);
    else
      await projectsApi.addMember(
        id,
        v.user_id !== undefined ? { user_id: v.user_id } : { username: v.username ?? '' },
        input,
      );
    void message.success(t('common.saved'));
    setEditing(null);
    await refresh();
  };

  const remove = useAction(
    async (userId: number) => {
      await projectsApi.removeMember(id, userId);
      await refresh();
    },
    { success: t('common.removed') },
  );

  return (
    <ProjectFrame>
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() =>
              setEditing({ initial: { role: 'general', pages: project.data?.pages ?? [], categories: [] } })
            }
            data-testid="add-member"
          >
            {t('member.add')}
          </Button>
        </Flex>
        <ScrollTable<Member>
          rowKey="user_id"
          loading={members.isPending}
          dataSource={members.data?.items ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: Object.values(W).reduce((a, b) => a + b, 0) }}
          size="middle"
          columns={[
            {
              ...nameColumn<Member>({
                key: 'username',
                title: t('account.username'),
                text: (m) => m.username,
                width: W.username,
              }),
              fixed: 'left',
            },
            { title: t('member.role'), dataIndex: 'role', width: W.role, render: (r: string) => roleLabel(t, r) },
            {
              title: t('member.grants'),
              width: W.grants,
              render: (_, m) => <GrantSummary grants={m} limits={project.data} />,
            },
            {
              title: t('member.pages'),
              dataIndex: 'pages',
              width: W.pages,
              render: (p: number[]) => <PageTags pages={p} />,
            },
            ...contactColumns<Member>(t, W),
            {
              title: t('common.actions'),
              width: W.actions,
              fixed: 'right',
              render: (_, m) => (
                <Flex>
                  <Button type="link" onClick={() => setEditing({ userId: m.user_id, initial: m })}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm title={t('member.confirmRemove')} onConfirm={() => remove.run(m.user_id)}>
                    <Button type="link" danger>
                      {t('common.remove')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <MembershipModal
        open={editing !== null}
        title={editing?.userId !== undefined ? t('member.edit') : t('member.add')}
        initial={editing?.initial}
        project={project.data}
        users={editing?.userId !== undefined ? undefined : admin ? (users.data?.items ?? []) : 'byName'}
        onCancel={() => setEditing(null)}
        onSubmit={submit}
      />
    </ProjectFrame>
  );
}
