import { defineConfig } from 'vitest/config';
import { sharedMessages } from './packages/web/build/sharedMessages.js';

// Packages resolve each other's TypeScript sources through the "source" export condition,
// so tests never depend on a previous build.
const conditions = ['source', 'module', 'node', 'development|production'];
const node = (name: string, extra: Record<string, unknown> = {}) => ({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: { name, root: `./${name === 'e2e' ? 'e2e' : `packages/${name}`}`, environment: 'node', ...extra },
});

export default defineConfig({
  test: {
    projects: [
      node('shared'),
      node('datagen', { testTimeout: 120_000 }),
      node('server', {
        testTimeout: 60_000,
        hookTimeout: 180_000,
        // One server file at a time (web and e2e still run beside it): the files share one ClickHouse
        // test cluster, and 18.16 stops answering when a KILL QUERY of the cancellation test meets
        // another file's statements (reproduced: cancel-timeout + dimensions, both engines' halves).
        fileParallelism: false,
        globalSetup: ['./test/global-setup.ts', './test/clickhouse-setup.ts'],
      }),
      // The web app runs in a (jsdom) browser: browser export conditions, ESM builds of its packages.
      {
        plugins: [sharedMessages()],
        resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
        test: {
          name: 'web',
          root: './packages/web',
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // jsdom + antd renders take seconds on 2 busy cores (the server and e2e projects run beside
          // it, and the first test of a file pays antd's cold start): a slow render is not a failure, a
          // missing element still is (findBy… times out). One limit for every screen test, here.
          testTimeout: 300_000,
          server: { deps: { inline: [/antd/, /@ant-design/, /@rc-component/] } },
        },
      },
      node('e2e', { testTimeout: 120_000, hookTimeout: 300_000, fileParallelism: false }),
    ],
  },
});
