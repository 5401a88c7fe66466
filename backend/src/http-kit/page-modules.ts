import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What the client's build says of a public page (frontend/vite.config.ts, pageModules). */
interface PageModules {
  pages: { route: string; modules: string[] }[];
}

/** A chunk as Vite names it; anything else in the list is not written into a page. */
const CHUNK = /^\/assets\/[\w.-]+\.js$/;

/** "/products/:slug" as a pattern of whole paths (a trailing slash allowed, as the pages allow it). */
const routePattern = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * The modulepreload links for the page at `pagePath`: the chunks its module needs beyond the
 * entry's, as the client's build listed them (.vite/page-modules.json); none for another page, or
 * a build without that list. Read with index.html, as each page is sent.
 */
export async function modulePreloads(clientDir: string, pagePath: string): Promise<string> {
  const listed = await readFile(path.join(clientDir, '.vite', 'page-modules.json'), 'utf8').catch(() => null);
  if (listed === null) return '';
  const page = (JSON.parse(listed) as PageModules).pages.find(({ route }) => routePattern(route).test(pagePath));
  return (page?.modules ?? [])
    .filter((file) => CHUNK.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
}
