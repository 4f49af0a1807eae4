/**
 * The self-serve survey page (`PUBLIC_URL/s/{token}`, ADR 063): a build of its own, next to the
 * staff app's in apps/web/dist, from public-survey.html and src/public. It shares no chunk with
 * the staff app and runs on Preact through preact/compat (React and ReactDOM alone are over its
 * 60 kB budget): its code is written against React's API, which the web tests run it with.
 * `npm run build` runs this after vite.config.ts (which empties dist). Budget:
 * src/bundle-budget.test.ts.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const resolvePath = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: '@carevoice/shared', replacement: resolvePath('../../packages/shared/src/index.ts') },
      { find: '@', replacement: resolvePath('./src') },
    ],
  },
  build: {
    outDir: 'dist',
    // The staff app's build is already there.
    emptyOutDir: false,
    // Every browser this page is for loads modules natively; no polyfill in its one file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: resolvePath('./public-survey.html'),
      // As in vite.config.ts: the shared contract only declares things.
      treeshake: {
        moduleSideEffects: (id) => (id.includes('/packages/shared/src/') ? false : undefined),
      },
      output: {
        entryFileNames: 'assets/public-survey-[hash].js',
        chunkFileNames: 'assets/public-survey-[name]-[hash].js',
        assetFileNames: 'assets/public-survey-[hash][extname]',
      },
    },
  },
});
