import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { bladedArticleNotice } from '@keen/rules';
import { engravingFixture, lineFixture, orderFixture } from '../../test/fixtures';
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
  expect(screen.queryByRole('note', { name: 'Note to the workshop' })).not.toBeInTheDocument();
});

test('the sheet says where each engraving goes, and draws it there', async () => {
  const order = orderFixture('o3', {
    lines: [
      lineFixture('o3-1', {
        name: 'Chef Knife',
        img: '',
        quantity: 1,
        price: 150,
        totalPrice: 165,
        engraving: engravingFixture('Ana', 'serif', 15, 'Spine'),
      }),
      lineFixture('o3-2', {
        name: 'Paring Knife',
        img: '',
        quantity: 2,
        price: 50,
        totalPrice: 130,
        engraving: engravingFixture('Bo', 'serif', 15, 'BladeRight'),
      }),
    ],
  });
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o3',
    mocks: [{ request: { query: EngravingSheetQuery, variables: { id: 'o3' } }, result: { data: { order, engravingFonts } } }],
  });
  const chef = await screen.findByRole('region', { name: 'Engraving for Chef Knife' });
  const paring = screen.getByRole('region', { name: 'Engraving for Paring Knife' });
  expect(within(chef).getByText('Placement').nextElementSibling).toHaveTextContent('Spine');
  expect(within(chef).getByRole('img', { name: 'Engraving preview' })).toHaveAttribute('data-placement', 'Spine');
  expect(within(paring).getByText('Placement').nextElementSibling).toHaveTextContent('Blade, right face');
  expect(within(paring).getByRole('img', { name: 'Engraving preview' })).toHaveAttribute('data-placement', 'BladeRight');
});

test('each engraved line names its variant and SKU; a line without a variant reads as its product', async () => {
  const order = orderFixture('o2', {
    lines: [
      {
        ...lineFixture('o2-1', {
          name: 'Engraved Santoku',
          img: '',
          quantity: 1,
          price: 150,
          totalPrice: 165,
          engraving: engravingFixture('Ana', 'serif'),
        }),
        variantName: '18 cm / Walnut',
        sku: 'SANTOKU-18-WALNUT',
      },
      lineFixture('o2-2', {
        name: 'Bread Knife',
        img: '',
        quantity: 2,
        price: 40,
        totalPrice: 110,
        engraving: engravingFixture('Bo', 'serif'),
      }),
    ],
  });
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o2',
    mocks: [{ request: { query: EngravingSheetQuery, variables: { id: 'o2' } }, result: { data: { order, engravingFonts } } }],
  });
  const santoku = await screen.findByRole('region', { name: 'Engraving for Engraved Santoku, 18 cm / Walnut' });
  expect(within(santoku).getByText('Engraved Santoku, 18 cm / Walnut')).toBeInTheDocument();
  expect(within(santoku).getByText('SANTOKU-18-WALNUT')).toBeInTheDocument();
  const bread = screen.getByRole('region', { name: 'Engraving for Bread Knife' });
  expect(within(bread).queryByText('SKU')).not.toBeInTheDocument();
});

test("an age-restricted order's engraving sheet carries the parcel notice with the destination's age; another order's does not", async () => {
  const restricted = orderFixture('o3', {
    engraving: engravingFixture('Ana', 'serif'),
    ageRestricted: true,
    minimumAge: 21,
    parcelNotice: bladedArticleNotice(21),
  });
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o3',
    mocks: [{ request: { query: EngravingSheetQuery, variables: { id: 'o3' } }, result: { data: { order: restricted, engravingFonts } } }],
  });
  expect(await screen.findByRole('note', { name: 'Parcel notice' })).toHaveTextContent(
    'Contains a bladed article. Deliver only into the hands of a person aged 21 or over.',
  );
});

test('an order that is not age-restricted has no parcel notice on its engraving sheet', async () => {
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o4',
    mocks: [
      {
        request: { query: EngravingSheetQuery, variables: { id: 'o4' } },
        result: { data: { order: orderFixture('o4', { engraving: engravingFixture('Bo', 'serif') }), engravingFonts } },
      },
    ],
  });
  expect(await screen.findByRole('heading', { name: 'Engraving sheet' })).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Parcel notice' })).not.toBeInTheDocument();
});

test("the buyer's note to the workshop is on the sheet", async () => {
  const order = orderFixture('o4', { engraving: engravingFixture('For Sam', 'serif'), workshopNote: 'Deeper cut, please' });
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o4',
    mocks: [{ request: { query: EngravingSheetQuery, variables: { id: 'o4' } }, result: { data: { order, engravingFonts } } }],
  });
  expect(await screen.findByRole('note', { name: 'Note to the workshop' })).toHaveTextContent('Deeper cut, please');
});

test('a line whose proof is not approved prints as a DRAFT; once approved, its sheet is final', async () => {
  const line = (approved: boolean) => ({
    ...lineFixture('o5-1', {
      name: 'Engraved Santoku',
      img: '',
      quantity: 1,
      price: 150,
      totalPrice: 165,
      engraving: engravingFixture('Ana', 'serif'),
    }),
    proofRequired: true,
    proofApproved: approved,
  });
  const { unmount } = renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o5',
    mocks: [
      {
        request: { query: EngravingSheetQuery, variables: { id: 'o5' } },
        result: { data: { order: orderFixture('o5', { state: 'AwaitingProof', lines: [line(false)] }), engravingFonts } },
      },
    ],
  });
  const section = await screen.findByRole('region', { name: 'Engraving for Engraved Santoku' });
  expect(within(section).getByRole('alert')).toHaveTextContent(
    "DRAFT: the customer has not approved this engraving's proof. Do not engrave.",
  );
  unmount();
  renderPage(<EngravingSheetPage />, {
    path: '/engravingSheet/:id',
    route: '/engravingSheet/o5',
    mocks: [
      {
        request: { query: EngravingSheetQuery, variables: { id: 'o5' } },
        result: { data: { order: orderFixture('o5', { state: 'InProduction', lines: [line(true)] }), engravingFonts } },
      },
    ],
  });
  const final = await screen.findByRole('region', { name: 'Engraving for Engraved Santoku' });
  expect(within(final).queryByText(/DRAFT/)).not.toBeInTheDocument();
});
