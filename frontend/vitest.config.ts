import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { formRulesAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: formRulesAlias },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20000,
  },
});
