import type { RepoContext } from '../db.js';
import { SettingsRepository, settingsScope } from './settings.js';

/** A word hidden from a project's word cloud: when and by whom (a username). */
export interface HiddenKeywordRow {
  keyword: string;
  /** ISO time of hiding ('' when the stored value lacks it). */
  hiddenAt: string;
  hiddenBy: string;
}

/**
 * The words hidden from a project's word cloud (Trend Overview). One settings row per word in the
 * project's scope, so hiding and unhiding are single upserts / deletes — no read-modify-write race
 * between two administrators — and the words go with the project's settings when it is deleted.
 * How many words a project may hide is the page's rule, not the store's.
 */
export class HiddenKeywordsRepository {
  private readonly settings: SettingsRepository;

  constructor(ctx: RepoContext) {
    this.settings = new SettingsRepository(ctx);
  }

  /** The project's hidden words, most recently hidden first (then by word). */
  async list(projectId: number): Promise<HiddenKeywordRow[]> {
    const all = await this.settings.list(settingsScope.project(projectId));
    return Object.entries(all)
      .filter(([key]) => key.startsWith(PREFIX))
      .map(([key, value]) => {
        const v = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
        return {
          keyword: key.slice(PREFIX.length),
          hiddenAt: typeof v.at === 'string' ? v.at : '',
          hiddenBy: typeof v.by === 'string' ? v.by : '',
        };
      })
      .sort((a, b) => b.hiddenAt.localeCompare(a.hiddenAt) || a.keyword.localeCompare(b.keyword));
  }

  /** Hides the words (stored as given: the caller normalises them) with the time and author. */
  async hide(projectId: number, words: readonly string[], by: { username: string; at: string }): Promise<void> {
    const scope = settingsScope.project(projectId);
    for (const w of new Set(words)) await this.settings.set(scope, `${PREFIX}${w}`, { at: by.at, by: by.username });
  }

  async unhide(projectId: number, words: readonly string[]): Promise<void> {
    const scope = settingsScope.project(projectId);
    for (const w of new Set(words)) await this.settings.delete(scope, `${PREFIX}${w}`);
  }
}

/** The settings key of a hidden word: this prefix and the word. */
const PREFIX = 'hidden_keyword:';
