import { expect, test } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { theme } from './theme';

const { primary, error, background, text } = theme.palette;

// WCAG 2 AA: 4.5:1 for body text, 3:1 for large text and focus indicators. The theme is dark, so
// the brass primary sits on the page and paper backgrounds (there is no white surface).
test('the primary colour passes AA as text on the page and on cards, and as the fill of contained buttons', () => {
  for (const surface of [background.default, background.paper]) {
    expect(getContrastRatio(primary.main, surface)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(primary.light, surface)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(text.primary, surface)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(text.secondary, surface)).toBeGreaterThanOrEqual(4.5);
  }
  expect(getContrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(4.5);
});

test('error red (Delete buttons, messages) passes AA on the page, on cards and on a highlighted grid row, and as a fill', () => {
  for (const surface of [background.default, background.paper, '#2a3038'])
    expect(getContrastRatio(error.main, surface)).toBeGreaterThanOrEqual(4.5);
  expect(getContrastRatio(error.contrastText, error.main)).toBeGreaterThanOrEqual(4.5);
});
