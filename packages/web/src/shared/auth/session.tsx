import { DEFAULT_CURRENCY_SYMBOL, DEFAULT_PROJECT_ID } from '@marketlens/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '../api/request.js';
import { clearTokens, onTokensChange, readTokens, saveTokens, type Tokens } from '../api/tokens.js';
import type { LoginResult, ProjectBrief, ProjectScope, SessionProject, SessionUser } from './types.js';

export const SESSION_KEY = ['session'] as const;

export interface Session {
  tokens: Tokens | null;
  user: SessionUser | undefined;
  /** The user fetch is running (first load). */
  loading: boolean;
  /** The user fetch failed: the session is unusable (spec §8: go to sign-in). */
  failed: boolean;
  project: SessionProject | undefined;
  scope: ProjectScope | undefined;
  selectProject(id: number): void;
  signIn(result: LoginResult): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

const projectStorageKey = (userId: number) => `marketlens.project.${userId}`;

/** The stored choice when still available, else the default project (id 1), else the first one. */
export function pickProject(projects: readonly SessionProject[], stored: number | null): SessionProject | undefined {
  return projects.find((p) => p.id === stored) ?? projects.find((p) => p.id === DEFAULT_PROJECT_ID) ?? projects[0];
}

export function scopeFromBrief(brief: ProjectBrief): ProjectScope {
  return {
    projectId: brief.id,
    granularity: brief.date_field === 'week' ? 'week' : 'month',
    currencySymbol: brief.cur_symbol || DEFAULT_CURRENCY_SYMBOL,
    hasSeries: brief.has_series,
    seriesName: brief.series_name,
    seriesNameEn: brief.series_name_en,
    discountPrice: brief.discount_price,
    discountPriceOn: brief.discount_price_on,
    hideKeywords: brief.hide_keywords,
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [tokens, setTokens] = useState(readTokens);
  const signedIn = tokens !== null;

  useEffect(
    () =>
      onTokensChange((next) => {
        setTokens(next);
        // Signed out here or in another tab: forget everything cached for the old user.
        if (!next) queryClient.removeQueries();
      }),
    [queryClient],
  );

  const userQuery = useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) =>
      api.get<{ user: SessionUser }>('/api/auth/user', undefined, { signal }).then((d) => d.user),
    enabled: signedIn,
    retry: false,
    staleTime: 60_000,
  });
  const user = signedIn ? userQuery.data : undefined;
  const failed = signedIn && userQuery.isError;

  useEffect(() => {
    // Spec §4: tokens are cleared when the user cannot be fetched.
    if (failed) clearTokens();
  }, [failed]);

  const [storedProject, setStoredProject] = useState<number | null>(null);
  useEffect(() => {
    if (!user) return;
    const raw = localStorage.getItem(projectStorageKey(user.id));
    setStoredProject(raw === null ? null : Number(raw));
  }, [user]);

  const project = user ? pickProject(user.projects, storedProject) : undefined;
  const selectProject = useCallback(
    (id: number) => {
      if (!user) return;
      localStorage.setItem(projectStorageKey(user.id), String(id));
      setStoredProject(id);
    },
    [user],
  );

  const briefQuery = useQuery({
    queryKey: ['project-brief', project?.id],
    queryFn: ({ signal }) => api.get<ProjectBrief>(`/api/common/projects/${project!.id}/brief`, undefined, { signal }),
    // An account that must change its password is refused everything else until it has.
    enabled: project !== undefined && !user?.must_change_password,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (result: LoginResult) => {
      queryClient.removeQueries();
      saveTokens({ access: result.access_token, refresh: result.refresh_token });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await api.post('/api/auth/logout', {}, { silent: true }).catch(() => undefined);
    clearTokens();
    queryClient.removeQueries();
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      tokens,
      user,
      loading: signedIn && userQuery.isPending,
      failed,
      project,
      scope:
        briefQuery.data && project && briefQuery.data.id === project.id ? scopeFromBrief(briefQuery.data) : undefined,
      selectProject,
      signIn,
      signOut,
    }),
    [tokens, user, signedIn, userQuery.isPending, failed, project, briefQuery.data, selectProject, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The signed-in user; only for screens behind the session guard. */
export function useUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}
