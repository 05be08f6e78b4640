import { DEFAULT_CURRENCY_SYMBOL, DEFAULT_PROJECT_ID } from '@marketlens/shared';
import { PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { call } from '../api/call.js';
import { api } from '../api/request.js';
import { clearTokens, onTokensChange, readTokens, saveTokens, type Tokens } from '../api/tokens.js';
import type { LoginResult, ProjectBrief, ProjectScope, SessionProject, SessionUser } from './types.js';

export const SESSION_KEY = ['session'] as const;

export interface Session {
  tokens: Tokens | null;
  user: SessionUser | undefined;
  /** The user fetch is running (first load). */
  loading: boolean;
  /** The user fetch failed: the session is unusable (docs/product.md §8: go to sign-in). */
  failed: boolean;
  project: SessionProject | undefined;
  scope: ProjectScope | undefined;
  selectProject(id: number): void;
  signIn(result: LoginResult): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

const projectStorageKey = (userId: number) => `marketlens.project.${userId}`;
/** The user last signed in on this browser: which stored project choice to guess from before the user loads. */
const LAST_USER_KEY = 'marketlens.lastUser';

function readStoredProject(userId: number): number | null {
  const raw = localStorage.getItem(projectStorageKey(userId));
  return raw === null ? null : Number(raw);
}

/** The signed-in user (GET /api/auth/user): one query definition for the provider and the prefetch. */
const userQueryOptions = () => ({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<{ user: SessionUser }>('/api/auth/user', undefined, { signal }).then((d) => {
      localStorage.setItem(LAST_USER_KEY, String(d.user.id));
      return d.user;
    }),
  retry: false,
  staleTime: 60_000,
});

/**
 * The chosen project's brief (scope: granularity, currency …). `silent`: a guess (prefetchSession)
 * whose refusal the user must not see; the answer is the same cache entry.
 */
const briefQueryOptions = (projectId: number | undefined, silent = false) => ({
  queryKey: ['project-brief', projectId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(PROJECT_ENDPOINTS.brief, {}, { params: { id: projectId! }, signal, silent }),
  staleTime: 5 * 60_000,
});

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

  const userQuery = useQuery({ ...userQueryOptions(), enabled: signedIn });
  const user = signedIn ? userQuery.data : undefined;
  const failed = signedIn && userQuery.isError;

  useEffect(() => {
    // docs/product.md §4: tokens are cleared when the user cannot be fetched.
    if (failed) clearTokens();
  }, [failed]);

  // The stored choice is read at once (not in an effect), so the first brief requested is the right one.
  const [chosen, setChosen] = useState<{ userId: number; projectId: number } | null>(null);
  const storedProject = user ? (chosen?.userId === user.id ? chosen.projectId : readStoredProject(user.id)) : null;
  const project = user ? pickProject(user.projects, storedProject) : undefined;
  const selectProject = useCallback(
    (id: number) => {
      if (!user) return;
      localStorage.setItem(projectStorageKey(user.id), String(id));
      setChosen({ userId: user.id, projectId: id });
    },
    [user],
  );

  const briefQuery = useQuery({
    ...briefQueryOptions(project?.id),
    // An account that must change its password is refused everything else until it has.
    enabled: project !== undefined && !user?.must_change_password,
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

/**
 * Requests the session (the user, then the chosen project's brief) before React renders: main.tsx
 * calls it while the language's strings and the screen's chunks download, so the analysis requests
 * that need the project can start as soon as the page renders. The provider's queries find the answers.
 * Resolves with the chosen project's id once the user is known.
 */
export async function prefetchSession(client: QueryClient): Promise<number | undefined> {
  if (!readTokens()) return undefined;
  const user = client.fetchQuery(userQueryOptions()).catch(() => undefined);
  // The brief need not wait for the user: the project this browser's last user chose (else the
  // default one) is asked beside it. The user then decides; a wrong guess costs one unused answer.
  const guess = guessProject();
  if (guess !== undefined) void client.prefetchQuery(briefQueryOptions(guess, true));
  return chosenProject(client, await user);
}

/** The project the session will most likely choose, before the user is known (see prefetchSession). */
function guessProject(): number | undefined {
  if (!readTokens()) return undefined;
  const last = Number(localStorage.getItem(LAST_USER_KEY));
  return (Number.isInteger(last) && last > 0 ? readStoredProject(last) : null) ?? DEFAULT_PROJECT_ID;
}

/** The project a signed-in user works in: none while the password must change. */
function projectOfUser(user: SessionUser | undefined) {
  if (!user || user.must_change_password) return undefined;
  return pickProject(user.projects, readStoredProject(user.id));
}

function chosenProject(client: QueryClient, user: SessionUser | undefined): number | undefined {
  const project = projectOfUser(user);
  if (project) void client.prefetchQuery(briefQueryOptions(project.id));
  return project?.id;
}

/**
 * The chosen project's scope from the query cache, fetching the user and the brief when they are not
 * there yet (the same queries as the provider's, so nothing is asked twice); undefined when signed out,
 * when the account must change its password, or without a project. For prefetches outside React.
 */
export async function sessionScope(client: QueryClient): Promise<ProjectScope | undefined> {
  if (!readTokens()) return undefined;
  const project = projectOfUser(await client.ensureQueryData(userQueryOptions()).catch(() => undefined));
  if (!project) return undefined;
  const brief = await client.ensureQueryData(briefQueryOptions(project.id)).catch(() => undefined);
  return brief && brief.id === project.id ? scopeFromBrief(brief) : undefined;
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
