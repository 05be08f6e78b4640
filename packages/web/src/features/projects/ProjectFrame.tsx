import { canEnterRoute, fillPath, ROUTES } from '@marketlens/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useUser } from '../../shared/auth/session.js';
import { projectStatusLabel } from '../../shared/ui/labels.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { projectKeys, projectsApi } from './api.js';

const PROJECT_ROUTES = ROUTES.find((r) => r.path === '/projects')!.children ?? [];

/** The project id of the address; NaN for a new project. */
export function useProjectId(): number {
  return Number(useParams().id);
}

export function useProject(id: number) {
  return useQuery({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => projectsApi.get(id, signal),
    enabled: Number.isFinite(id),
  });
}

/** Shared header of a project's administration screens: name, state, and tabs the user may open. */
export function ProjectFrame({ children, bare }: { children: ReactNode; bare?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useUser();
  const id = useProjectId();
  const project = useProject(id);
  const isNew = !Number.isFinite(id);
  const projectRole = user.projects.find((p) => p.id === id)?.role ?? null;
  const tabs = isNew
    ? []
    : PROJECT_ROUTES.filter((r) => canEnterRoute(r, user.role, projectRole)).map((r) => ({
        key: `/projects/${fillPath(r.path, { id })}`,
        label: t(r.titleKey),
      }));
  const status = project.data ? projectStatusLabel(t, project.data.status) : undefined;
  return (
    <PageFrame
      title={isNew ? t('projects.new') : (project.data?.name ?? t('route.projects'))}
      subtitle={status && <Tag color={status.tone}>{status.label}</Tag>}
      extra={<Button onClick={() => navigate('/projects')}>{t('common.backToList')}</Button>}
      header={
        tabs.length > 0 && (
          <Tabs
            activeKey={location.pathname}
            onChange={(k) => navigate(k)}
            items={tabs}
            style={{ marginBottom: -16 }}
          />
        )
      }
      bare={bare}
    >
      {children}
    </PageFrame>
  );
}
