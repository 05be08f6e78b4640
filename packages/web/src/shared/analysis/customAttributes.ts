/**
 * The user's custom attributes of the project (docs/web-analysis.md `newAttributes`, docs/api.md
 * `POST /users/projects/{id}/categories/custom_attributes` and `…/queries`): read once per project,
 * saved as a whole list; the filter panel and the attribute distribution read the same cache.
 */
import { wordQuery } from '@marketlens/shared';
import type { CustomAttribute, CustomAttributesData, CustomAttributesSaveBody } from '@marketlens/shared/contracts';
import { PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call.js';
import { useProjectId } from './reference.js';

export type { CustomAttribute };

/** An attribute as the panel edits it: a name in both languages and its words. */
export interface CustomAttributeDraft {
  id?: number;
  name: string;
  name_en: string;
  words: string[];
}

const key = (projectId: number | undefined) => ['custom-attributes', projectId] as const;

/** The attribute's words: the values of its rules (a rule of another super query shows by its value). */
export const wordsOf = (a: Pick<CustomAttribute, 'rules'>) => a.rules.map((r) => r.value);

/** The attribute's name in the page language (the Chinese one when it has no English name). */
export const customAttributeName = (a: Pick<CustomAttribute, 'name' | 'name_en'>, en: boolean) =>
  en ? a.name_en || a.name : a.name;

export function useCustomAttributes() {
  const projectId = useProjectId();
  return useQuery({
    queryKey: key(projectId),
    queryFn: ({ signal }) => call(PROJECT_ENDPOINTS.customAttributes, {}, { params: { id: projectId! }, signal }),
    select: (d) => d.items,
    enabled: projectId !== undefined,
  });
}

/**
 * The rules of a draft: a word keeps the query it had (an attribute written through the API may use
 * any super query for a value), a new word is the quoted word.
 */
function rulesOf(draft: CustomAttributeDraft, saved: readonly CustomAttribute[]) {
  const before = new Map((saved.find((a) => a.id === draft.id)?.rules ?? []).map((r) => [r.value, r.query]));
  return draft.words.map((w) => ({ value: w.trim(), query: before.get(w.trim()) ?? wordQuery(w.trim()) }));
}

/**
 * Saves the user's whole list (the editable attributes; project-wide ones are not the user's to
 * change). The answer replaces the cache, so the panel and the distribution show it at once.
 */
export function useSaveCustomAttributes() {
  const projectId = useProjectId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (drafts: readonly CustomAttributeDraft[]) => {
      const saved = (client.getQueryData<CustomAttributesData>(key(projectId))?.items ?? []).filter((a) => a.editable);
      const body: Omit<CustomAttributesSaveBody, 'locale'> = {
        items: drafts.map((d) => ({
          ...(d.id !== undefined ? { id: d.id } : {}),
          category_id: saved.find((a) => a.id === d.id)?.category_id ?? null,
          name: d.name.trim(),
          name_en: d.name_en.trim(),
          rules: rulesOf(d, saved),
        })),
      };
      return call(PROJECT_ENDPOINTS.saveCustomAttributes, body, { params: { id: projectId! } });
    },
    onSuccess: (data) => client.setQueryData(key(projectId), data),
  });
}
