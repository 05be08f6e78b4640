import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Use the shared package's TypeScript source directly (its "source" export condition).
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
