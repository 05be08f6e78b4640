import type { Plugin } from 'vite';

/** `import('virtual:shared-messages/zh-CN')`: one language of @marketlens/shared's catalogue. */
const PREFIX = 'virtual:shared-messages/';
const RESOLVED = `\0${PREFIX}`;

/**
 * The shared catalogue (server messages, route names, validation texts) one language at a time. Its
 * areas hold both languages in one object each, so importing it sends a reader both; for a
 * production build this plugin writes each language's strings as a module of its own, and the app
 * loads only the one it shows. The strings come from the built shared package, which `npm run build`
 * builds first. The dev server and the test runner re-export the language from the shared sources
 * instead: there the size does not matter, and an edit shows without a build.
 */
export function sharedMessages(): Plugin {
  let build = false;
  return {
    name: 'marketlens-shared-messages',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (locale !== 'zh-CN' && locale !== 'en') throw new Error(`no shared messages for locale "${locale}"`);
      if (!build) {
        return `import { MESSAGES } from '@marketlens/shared/messages';\nexport default MESSAGES[${JSON.stringify(locale)}];`;
      }
      const { MESSAGES } = await import('@marketlens/shared/messages');
      // A JSON string parses faster than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(MESSAGES[locale]))});`;
    },
  };
}
