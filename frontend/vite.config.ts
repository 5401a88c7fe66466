import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two entries: the shop (index.html) and the self-hosted GraphiQL page that the backend serves
// for browser GETs to /graphql (graphiql.html). GraphiQL's bundle never loads on the shop's pages.
export default defineConfig({
  plugins: [react()],
  build: {
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        graphiql: resolve(import.meta.dirname, 'graphiql.html'),
      },
    },
    chunkSizeWarningLimit: 4000,
    manifest: true,
  },
  server: {
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/config.json': 'http://localhost:4000',
      '/uploads': 'http://localhost:4000',
      '/images': 'http://localhost:4000',
    },
  },
});
