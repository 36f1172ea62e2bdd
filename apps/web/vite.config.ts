import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './plugins/catalogue-parts.ts';

// The API and the built web app share one origin in production (scripts/start.mjs);
// in development Vite forwards /api to the server so the client code is the same.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    catalogueParts(),
    react(),
    VitePWA({
      // 'prompt' keeps the old version running until the user accepts the update notice.
      registerType: 'prompt',
      // The app registers the worker itself through useRegisterSW (src/app/pwa/update-notice.tsx).
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Climbing competitions',
        short_name: 'Climbing',
        description: 'Bouldering, lead and speed competitions',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // Only the app shell is precached; API responses are live data and never cached.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            /*
             * The figures' formatters ride with the date formatter, which the live page, the results
             * and the cup page all load: the cup table's points alone would otherwise split
             * format-figures into a small chunk of its own, one more file on the live page (+0.3 KB
             * of its 150 KB budget, docs/performance.md).
             */
            { name: 'format-date', test: /src[\\/]lib[\\/]format-(date|figures)\.ts$/ },
            /*
             * Four small modules every results screen loads (the race's details, its lead style,
             * the boulder marks' wording, the list of live races): one file instead of four on the
             * live page, whose scripts are at their 150 KB budget (a small file costs its imports
             * and its compression's overhead, docs/performance.md). Only these modules, not the ones
             * they import: those are in the first download already.
             */
            {
              name: 'race-info',
              test: /(src[\\/]lib[\\/](race-info|format-boulder-marks)|rules[\\/](lead-styles|sex-rankings)|src[\\/]features[\\/]results[\\/]api[\\/]live-races)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
