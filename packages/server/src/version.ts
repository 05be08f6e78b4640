import { readFileSync } from 'node:fs';

/** The server package version, read from package.json next to src/ or dist/. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
