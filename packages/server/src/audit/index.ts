import type { AuditAction } from '@marketlens/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AuditOutcome, JsonValue, MetadataStore } from '../metadata/index.js';

export interface AuditEntry {
  /** One of the codes of AUDIT_ACTIONS, each labelled in both languages (a new code goes there first). */
  action: AuditAction;
  outcome: AuditOutcome;
  target?: string;
  detail?: JsonValue;
  /** Who acted, when not the signed-in user (e.g. the username typed at a failed sign-in). */
  userId?: number | null;
  username?: string;
}

/**
 * Writes the security trail: sign-ins, lockouts, token reuse, permission denials and every
 * administrative change, each with time, user, IP and outcome. A failing audit write is logged and
 * does not fail the request it describes (the request's own transaction has already decided).
 */
export class Auditor {
  constructor(
    private readonly metadata: MetadataStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(req: FastifyRequest | undefined, entry: AuditEntry): Promise<void> {
    const user = req?.user;
    try {
      await this.metadata.audit.record({
        action: entry.action,
        outcome: entry.outcome,
        userId: entry.userId !== undefined ? entry.userId : (user?.id ?? null),
        username: entry.username ?? user?.username ?? '',
        ip: req?.ip ?? '',
        target: entry.target ?? '',
        ...(entry.detail === undefined ? {} : { detail: entry.detail }),
      });
    } catch (err) {
      this.log.error({ err, action: entry.action }, 'audit write failed');
    }
  }
}
