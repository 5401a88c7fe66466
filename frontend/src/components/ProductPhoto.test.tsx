import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import ProductPhoto from './ProductPhoto';

describe('ProductPhoto', () => {
  it("offers an uploaded photo's responsive sizes, with the width it is shown at", () => {
    render(<ProductPhoto product={{ img: `/uploads/${'ab'.repeat(16)}.webp`, name: 'Santoku' }} width={320} height={220} />);
    const img = screen.getByRole('img', { name: 'Santoku' });
    const base = `/uploads/${'ab'.repeat(16)}`;
    expect(img).toHaveAttribute('srcset', `${base}-400w.webp 400w, ${base}-800w.webp 800w, ${base}-1600w.webp 1600w`);
    expect(img).toHaveAttribute('sizes', '(max-width: 320px) 100vw, 320px');
  });

  it('keeps a plain src for images without stored sizes', () => {
    render(<ProductPhoto product={{ img: '/images/santoku.svg', name: 'Drawing' }} width={320} height={220} />);
    const img = screen.getByRole('img', { name: 'Drawing' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('is lazy unless shown on the first screen; the first of a list is fetched first', () => {
    const photo = (name: string, load?: 'lazy' | 'eager' | 'first') => {
      render(<ProductPhoto product={{ img: '/images/santoku.svg', name }} width={320} height={220} load={load} />);
      return screen.getByRole('img', { name });
    };
    expect(photo('Below')).toHaveAttribute('loading', 'lazy');
    const eager = photo('First row', 'eager');
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).not.toHaveAttribute('fetchpriority');
    const first = photo('First', 'first');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });
});
