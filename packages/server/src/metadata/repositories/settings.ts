import type { JsonValue } from '../codec.js';
import { parseJson, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';

/**
 * Scope names for settings. Project and user scopes are removed with their project or user
 * (settings carry no foreign key, so the deleting repository does it).
 */
export const settingsScope = {
  global: 'global',
  project: (projectId: number) => `project:${projectId}`,
  user: (userId: number) => `user:${userId}`,
} as const;

/** Small JSON values keyed by (scope, key): hidden keywords per project, valuation weights, … */
export class SettingsRepository {
  constructor(private readonly ctx: RepoContext) {}

  async get<T extends JsonValue = JsonValue>(scope: string, key: string): Promise<T | undefined> {
    const row = await this.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? parseJson<T | undefined>(row.value, undefined) : undefined;
  }

  /** Inserts or replaces (one statement, so concurrent writers cannot both insert). */
  async set(scope: string, key: string, value: JsonValue): Promise<void> {
    const text = toJson(value);
    const now = this.ctx.now();
    await this.ctx.db
      .insertInto('settings')
      .values({ scope, key, value: text, updated_at: now })
      .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ value: text, updated_at: now }))
      .execute();
  }

  async delete(scope: string, key: string): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('settings')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Every key of a scope. */
  async list(scope: string): Promise<Record<string, JsonValue>> {
    const rows = await this.ctx.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('scope', '=', scope)
      .orderBy('key')
      .execute();
    const out: Record<string, JsonValue> = {};
    for (const row of rows) out[row.key] = parseJson<JsonValue>(row.value, null);
    return out;
  }
}
