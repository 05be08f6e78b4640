import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdminRole, isRootRole } from '../../shared/auth/roles.js';
import { useAction } from '../../shared/ui/useAction.js';
import { accountsApi } from './api.js';

interface Account {
  id: number;
  username: string;
  role: string;
}

/**
 * Whether `me` may delete `target` — the server's rule (DELETE /api/common/users/{id}): an
 * administrator, never their own account, and only root deletes root or admin accounts.
 */
export function mayDeleteAccount(me: Account, target: Account): boolean {
  if (me.id === target.id || !isAdminRole(me.role)) return false;
  return isRootRole(me.role) || !isAdminRole(target.role);
}

/**
 * Deleting an account after a confirmation that names it, for the account list (a link) and the
 * edit screen (a button). Afterwards, failed or not, every account list refetches; on success
 * `onDeleted` runs first, so a screen showing the deleted account can leave before its data is asked
 * for again.
 */
export function DeleteAccountButton({
  account,
  link,
  onDeleted,
}: {
  account: Account;
  link?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useAction(
    async () => {
      try {
        await accountsApi.remove(account.id);
        onDeleted?.();
      } finally {
        // Refetched after a failure too (e.g. someone else deleted it first: the list shows the truth).
        // The account's own entry (['accounts', id]) is not asked for again: it would be a 404.
        await queryClient.invalidateQueries({ queryKey: ['accounts'], predicate: (q) => q.queryKey[1] !== account.id });
        // Project member lists may have shown the account.
        await queryClient.invalidateQueries({ queryKey: ['projects'] });
      }
    },
    { success: t('accounts.deleted') },
  );
  return (
    <Popconfirm
      title={t('accounts.confirmDelete', { name: account.username })}
      description={t('accounts.deleteExplain')}
      okButtonProps={{ danger: true, loading: remove.busy }}
      okText={t('accounts.delete')}
      onConfirm={() => remove.run()}
    >
      <Button
        type={link ? 'link' : 'default'}
        danger
        icon={<DeleteOutlined />}
        loading={!link && remove.busy}
        data-testid={`delete-${account.username}`}
      >
        {link ? t('accounts.delete') : t('accounts.deleteAccount')}
      </Button>
    </Popconfirm>
  );
}
