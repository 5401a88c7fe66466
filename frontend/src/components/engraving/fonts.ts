// The four engraving fonts, self-hosted from @fontsource (latin subsets: the engraving rules allow
// letters with accents, digits and a little punctuation). Only the engraving components import
// this module, so the fonts load with the pages that show an engraving, never on the storefront.
import '@fontsource/playfair-display/latin-400.css';
import '@fontsource/playfair-display/latin-ext-400.css';
import '@fontsource/great-vibes/latin-400.css';
import '@fontsource/great-vibes/latin-ext-400.css';
import '@fontsource/bebas-neue/latin-400.css';
import '@fontsource/bebas-neue/latin-ext-400.css';
import '@fontsource/ibm-plex-mono/latin-400.css';
import '@fontsource/ibm-plex-mono/latin-ext-400.css';

/** CSS font families by the server's font id (GraphQL engravingFonts); ids are stored on orders. */
const FAMILIES: Record<string, string> = {
  serif: "'Playfair Display', Georgia, serif",
  script: "'Great Vibes', cursive",
  block: "'Bebas Neue', Impact, sans-serif",
  mono: "'IBM Plex Mono', monospace",
};

export const DEFAULT_ENGRAVING_FONT = 'serif';

export function engravingFontFamily(fontId: string): string {
  return FAMILIES[fontId] ?? FAMILIES[DEFAULT_ENGRAVING_FONT];
}
