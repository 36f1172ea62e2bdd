import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogueParts } from './plugins/catalogue-parts.ts';

export default defineProject({
  plugins: [catalogueParts(), react()],
  resolve: {
    // The PWA plugin provides this virtual module only in Vite builds; tests get a stand-in.
    alias: {
      'virtual:pwa-register/react': fileURLToPath(new URL('./src/test/pwa-register-stub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Form tests type character by character in jsdom; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
    // Two at a time, as the server's files: by default Vitest keeps one core free, and on the
    // 2-core CI machines the web files (about 100, in jsdom) then ran one after the other.
    maxWorkers: 2,
  },
});
