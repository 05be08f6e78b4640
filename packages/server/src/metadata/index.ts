/**
 * The metadata store: users, projects, memberships, grants, settings, audit trail and the rest of
 * the product's relational state, on SQLite (default) or PostgreSQL through one Kysely code path.
 */
export * from './codec.js';
export type { MetadataDialect, RepoContext } from './db.js';
export * from './errors.js';
export { metadataMigrations } from './migrations/index.js';
export * from './open.js';
export * from './repositories/applications.js';
export * from './repositories/audit.js';
export * from './repositories/catalog.js';
export * from './repositories/chart-notes.js';
export * from './repositories/favorites.js';
export * from './repositories/grants.js';
export * from './repositories/login-failures.js';
export * from './repositories/members.js';
export * from './repositories/outbox.js';
export * from './repositories/project-events.js';
export * from './repositories/projects.js';
export * from './repositories/saved-views.js';
export * from './repositories/settings.js';
export * from './repositories/tokens.js';
export * from './repositories/users.js';
export * from './schema.js';
