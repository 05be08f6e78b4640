import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../shared/ui/useAction.js';
import { type Project, projectKeys, projectsApi } from './api.js';

interface Props {
  open: boolean;
  /** The project to delete. */
  project: Project | null;
  onClose(): void;
  /** The project is gone: the list refetches. */
  onDeleted(): void;
}

/**
 * Root's deletion of a project, after a confirmation naming what goes with it (the server's count:
 * members, their saved settings, categories, favourites …). The server refuses anyone but root.
 */
export default function DeleteProjectDialog({ open, project, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = project?.id ?? 0;
  const ties = useQuery({
    queryKey: projectKeys.ties(id),
    queryFn: ({ signal }) => projectsApi.ties(id, signal),
    enabled: open && project !== null,
    staleTime: 0,
  });
  const remove = useAction(
    async () => {
      await projectsApi.remove(id);
      // Forget the gone project's queries (this dialog's counts among them, still observed while it
      // closes): the list's refresh would otherwise ask the server for them again and get 404s.
      queryClient.removeQueries({ queryKey: projectKeys.one(id) });
      onClose();
      onDeleted();
      return project?.name ?? '';
    },
    { success: (name) => t('projects.deleted', { name }), errors: 'inline' },
  );
  const c = ties.data;
  return (
    <Modal
      open={open}
      title={t('projects.deleteTitle', { name: project?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            danger
            type="primary"
            disabled={!c}
            loading={remove.busy}
            onClick={() => remove.run()}
            data-testid="delete-project-confirm"
          >
            {t('projects.deleteConfirm')}
          </Button>
        </Space>
      }
    >
      <div data-testid="delete-project-dialog">
        {c ? (
          <>
            <Typography.Paragraph>{t('projects.deleteIntro')}</Typography.Paragraph>
            <ul data-testid="delete-project-ties">
              <li>{t('projects.deleteMembers', { count: c.members })}</li>
              <li>{t('projects.deleteConfigs', { count: c.saved_configs })}</li>
              <li>
                {t('projects.deleteCategories', { count: c.categories, bands: c.bands, attributes: c.attributes })}
              </li>
              <li>
                {t('projects.deleteFavorites', {
                  brands: c.favorite_brands,
                  collections: c.collections,
                  custom: c.custom_attributes,
                })}
              </li>
              <li>{t('projects.deleteEvents', { count: c.events, notes: c.notes, views: c.views })}</li>
            </ul>
            <Typography.Text type="secondary">{t('projects.deleteAudit')}</Typography.Text>
          </>
        ) : ties.isError ? (
          <Alert type="error" showIcon title={ties.error.message} />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
        {remove.error && <Alert type="error" showIcon title={remove.error} style={{ marginTop: 12 }} />}
      </div>
    </Modal>
  );
}
