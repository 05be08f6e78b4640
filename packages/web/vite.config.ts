import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { RenderedChunk } from 'rolldown';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';
import { sharedMessages } from './build/sharedMessages.js';

/** react-router's production ES build, next to the development build its exports map resolves. */
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router'));
const routerProduction = path.join(routerDir, '../production/index.mjs');

/**
 * V8's compile hint (Chrome 136+): every function of the file is compiled as the file arrives, on a
 * background thread, instead of on the main thread at its first call. A chunk is only loaded when a
 * screen needs it, and then most of its functions run while that screen first renders. Small chunks
 * (most of a page's hundred files) compile in no time either way and go without, so the hint costs
 * the size budgets next to nothing.
 */
const COMPILE_HINT_MIN_BYTES = 8 * 1024;
function compileHint(chunk: RenderedChunk): string {
  const bytes = Object.values(chunk.modules).reduce((sum, m) => sum + m.renderedLength, 0);
  return bytes >= COMPILE_HINT_MIN_BYTES ? '//# allFunctionsCalledOnLoad' : '';
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), sharedMessages(), precompress()],
  resolve: {
    // Use the shared package's TypeScript source directly (its "source" export condition).
    conditions: ['source', 'module', 'browser', 'development|production'],
    // React Router 7's exports map names only its development build (remix-run/react-router#12532,
    // #14102): dev warnings and checks would ship to users. Point production builds at dist/production.
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: routerProduction }] : [],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        postBanner: compileHint,
        // Every page needs the framework, and every chart the whole of ECharts: one file each instead of
        // a dozen small ones, which over HTTP/1.1 (six connections) queue behind each other.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
            },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            // Icons: one file instead of one per icon (each file of its own adds a request and its overhead, some sixty per
            // page). What the shell itself needs of the icon package (its context, clsx) stays out of it.
            {
              name: 'icons-base',
              test: /node_modules[\\/](clsx|@ant-design[\\/]icons[\\/]es[\\/]components[\\/]Context)/,
              priority: 1,
            },
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
}));
