// `npm start`: build what is stale, then run the server. On first start the server generates and
// imports the demo data, creates the root account and the demo projects (see README).
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
await import('../packages/server/dist/main.js');
