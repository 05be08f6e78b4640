import type { Migration, MigrationProvider } from 'kysely';
import type { MetadataDialect } from '../db.js';
import { initialMigration } from './0001_initial.js';
import { ordersMigration } from './0002_orders.js';
import { mailMigration } from './0003_mail.js';
import { loginFailuresMigration } from './0004_login_failures.js';
import { sessionsMigration } from './0005_sessions.js';
import { trackingCredentialsMigration } from './0006_tracking_credentials.js';
import { projectEventsMigration } from './0007_project_events.js';
import { chartNotesMigration } from './0008_chart_notes.js';
import { savedViewsMigration } from './0009_saved_views.js';

/**
 * Migrations live in code (not read from a folder at run time) so the built dist/ needs no extra
 * files. Add new ones here with the next number; names sort as strings, so keep the 4-digit prefix.
 * Never edit a migration that has shipped: write a new one.
 */
export function metadataMigrations(dialect: MetadataDialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_orders': ordersMigration(dialect),
    '0003_mail': mailMigration(),
    '0004_login_failures': loginFailuresMigration(),
    '0005_sessions': sessionsMigration(),
    '0006_tracking_credentials': trackingCredentialsMigration(),
    '0007_project_events': projectEventsMigration(dialect),
    '0008_chart_notes': chartNotesMigration(dialect),
    '0009_saved_views': savedViewsMigration(dialect),
  };
}

export function migrationProvider(dialect: MetadataDialect): MigrationProvider {
  return { getMigrations: async () => metadataMigrations(dialect) };
}
