import { useMemo } from 'react';
import type { AnalysisFilter } from '../../shared/analysis/filter.js';
import { useAnalysisFilter } from '../../shared/analysis/useAnalysisFilter.js';

export type ConceptKeywords = AnalysisFilter['goodsKeywords'];

/** Whether a keyword expression names anything (words, or a super query with text). */
export function hasConcept(k: ConceptKeywords): boolean {
  if (!k.enable) return false;
  return Array.isArray(k.value) ? k.value.some((w) => w.trim()) : k.value.trim() !== '';
}

/** The concept as the user wrote it: the words joined by their condition, or the super query. */
export function conceptLabel(k: ConceptKeywords): string {
  return Array.isArray(k.value) ? k.value.join(` ${k.condition_type} `) : k.value.trim();
}

/** A concept of words, all required (a word-cloud click, a related word, a compared concept). */
export function wordsConcept(words: readonly string[]): ConceptKeywords {
  return { enable: true, input_type: 'keyword', condition_type: 'AND', value: [...words] };
}

/** The page's concept: the applied filter's title keywords (null when it names none). */
export function useConcept(): { concept: ConceptKeywords | null; label: string } {
  const { filter } = useAnalysisFilter();
  return useMemo(() => {
    const k = filter.goodsKeywords;
    return hasConcept(k) ? { concept: k, label: conceptLabel(k) } : { concept: null, label: '' };
  }, [filter.goodsKeywords]);
}
