/**
 * Account administration: the rules (who may hand out which role, status transitions, batch
 * checks), the wire views under the tenancy rule, the signed-in user's session view and the
 * operations the account routes call.
 */
export * from './grants.js';
export * from './rules.js';
export * from './service.js';
export * from './session.js';
export * from './views.js';
