/** `sitemap.xml` and `robots.txt`: what search engines may read, and where the shop's pages are. */

/** One page of the sitemap: its absolute URL and when it last changed (if known). */
export interface SitemapEntry {
  url: string;
  lastModified?: Date;
}

/** A sitemap file holds at most this many URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/** The sitemaps.org document of these pages, in their order. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ url, lastModified }) =>
      `<url><loc>${escapeXml(url)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The paths no crawler has any business in: signed-in pages and the APIs. */
export const DISALLOWED_PATHS = ['/dashboard', '/checkout', '/cart', '/api/', '/graphql'];

/** `robots.txt`: every crawler, kept out of DISALLOWED_PATHS, told where the sitemap is. */
export function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
