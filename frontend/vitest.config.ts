import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { rulesAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: rulesAlias },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing into MUI forms takes seconds on a busy two-core machine; a hung test still fails.
    testTimeout: 60000,
  },
});
