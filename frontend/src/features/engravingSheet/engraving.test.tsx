import { expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { engravingFixture, orderFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import EngravingSheetPage from './EngravingSheetPage';
import { EngravingSheetQuery } from './operations';

const engravingFonts = [
  { __typename: 'EngravingFont', id: 'serif', name: 'Serif (Playfair Display)' },
  { __typename: 'EngravingFont', id: 'script', name: 'Script (Great Vibes)' },
];

test('the engraving sheet shows the order id, font, quantity and the blade at real size', async () => {
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o1',
    mocks: [
      {
        request: { query: EngravingSheetQuery, variables: { id: 'o1' } },
        result: {
          data: {
            order: orderFixture('o1', { quantity: 3, engraving: engravingFixture('For Sam', 'script') }),
            engravingFonts,
          },
        },
      },
    ],
  });
  expect(await screen.findByRole('heading', { name: 'Engraving sheet' })).toBeInTheDocument();
  expect(screen.getByText('o1')).toBeInTheDocument();
  expect(screen.getByText('Script (Great Vibes)')).toBeInTheDocument();
  expect(screen.getByText('3')).toBeInTheDocument();
  const blade = screen.getByRole('img', { name: 'Engraving preview' });
  expect(blade).toHaveAttribute('width', '250mm');
  expect(blade.querySelector('text')).toHaveTextContent('For Sam');
  expect(blade.querySelector('text')).toHaveAttribute('font-size', '6');
  expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
});
