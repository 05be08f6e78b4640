/**
 * The analysis pages' name for the typed call of an endpoint table entry (shared/api/call.ts), which
 * every screen uses: analysis and administration call the server the same way.
 */
export { call as callEndpoint, endpointUrl } from '../api/call.js';
