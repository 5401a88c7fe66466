import { lazy, isValidElement, useEffect, useState } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import HomePage from '../features/home/HomePage';
import { lazyWithApollo, type PreloadablePage } from '../lib/lazyApollo';
import { PageTitleContext } from '../lib/pageTitle';
import { withSession } from '../lib/session';
import MainLayout, { preloadLayout } from './layouts/MainLayout';

// Everything but the home page loads on demand (with Apollo Client where it talks to the API, and
// the sign-in pages with Firebase), so the first load of / stays small.
const RequireAuth = lazyWithApollo(async () => ({ default: (await import('./guards')).RequireAuth }));
const RequireAdmin = lazyWithApollo(async () => ({ default: (await import('./guards')).RequireAdmin }));
const ProductsPage = lazyWithApollo(() => import('../features/catalog/ProductsPage'));
const ProductPage = lazyWithApollo(() => import('../features/product/ProductPage'));
const ReviewsPage = lazyWithApollo(() => import('../features/reviews/ReviewsPage'));
const CollectionPage = lazyWithApollo(() => import('../features/collections/CollectionPage'));
const PortfolioPage = lazy(() => import('../features/static/PortfolioPage'));
const BlogsPage = lazy(() => import('../features/static/BlogsPage'));
const ContactPage = lazyWithApollo(() => import('../features/static/ContactPage'));
const NotFoundPage = lazy(() => import('../components/NotFoundPage'));
const LoginPage = lazyWithApollo(() => withSession(import('../features/auth/LoginPage')));
const SignupPage = lazyWithApollo(() => withSession(import('../features/auth/SignupPage')));
const PurchasePage = lazyWithApollo(() => import('../features/purchase/PurchasePage'));
const DashboardLayout = lazyWithApollo(() => import('../features/dashboard/DashboardLayout'));
const MyProfilePage = lazyWithApollo(() => import('../features/profile/MyProfilePage'));
const MyOrdersPage = lazyWithApollo(() => import('../features/orders/MyOrdersPage'));
const GuestOrderPage = lazyWithApollo(() => import('../features/payment/GuestOrderPage'));
const ProofPage = lazyWithApollo(() => import('../features/proofs/ProofPage'));
const AddReviewPage = lazyWithApollo(() => import('../features/reviews/AddReviewPage'));
const PaymentPage = lazyWithApollo(() => import('../features/payment/PaymentPage'));
const PaymentReturnPage = lazyWithApollo(() => import('../features/payment/PaymentReturnPage'));
const AllOrdersPage = lazyWithApollo(() => import('../features/admin/AllOrdersPage'));
const AddProductPage = lazyWithApollo(() => import('../features/admin/AddProductPage'));
const ManageProductsPage = lazyWithApollo(() => import('../features/admin/ManageProductsPage'));
const UsersPage = lazyWithApollo(() => import('../features/admin/UsersPage'));
const UpdateProductPage = lazyWithApollo(() => import('../features/admin/UpdateProductPage'));
const VariantsPage = lazyWithApollo(() => import('../features/admin/variants/VariantsPage'));
const OverviewPage = lazyWithApollo(() => import('../features/admin/OverviewPage'));
const BackgroundJobsPage = lazyWithApollo(() => import('../features/admin/BackgroundJobsPage'));
const WorkshopPage = lazyWithApollo(() => import('../features/admin/workshop/WorkshopPage'));
const MessagesPage = lazyWithApollo(() => import('../features/admin/messages/MessagesPage'));
const ReturnsPage = lazyWithApollo(() => import('../features/admin/returns/ReturnsPage'));
const ShippingPage = lazyWithApollo(() => import('../features/admin/shipping/ShippingPage'));
const BladeRulesPage = lazyWithApollo(() => import('../features/admin/bladeRules/BladeRulesPage'));
const CollectionsPage = lazyWithApollo(() => import('../features/admin/collections/CollectionsPage'));
const DiscountsPage = lazyWithApollo(() => import('../features/admin/discounts/DiscountsPage'));
const GiftCardsPage = lazyWithApollo(() => import('../features/admin/giftCards/GiftCardsPage'));
const ApiKeysPage = lazyWithApollo(() => import('../features/integrations/ApiKeysPage'));
const WebhooksPage = lazyWithApollo(() => import('../features/integrations/WebhooksPage'));
const EngravingSheetPage = lazyWithApollo(() => import('../features/engravingSheet/EngravingSheetPage'));
const PackingSlipPage = lazyWithApollo(() => import('../features/packingSlip/PackingSlipPage'));
const GiftSlipPage = lazyWithApollo(() => import('../features/giftSlip/GiftSlipPage'));
const CartPage = lazyWithApollo(() => import('../features/cart/CartPage'));
const CheckoutPage = lazyWithApollo(() => import('../features/cart/CheckoutPage'));

/** A route's page title (the document's <title>), kept in the route's `handle`. */
const title = (name: string) => ({ title: name });

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage />, handle: title('Home') },
      { path: '/home', element: <HomePage />, handle: title('Home') },
      { path: '/products', element: <ProductsPage />, handle: title('Products') },
      // Public: the page a product's link is shared as (its title becomes the product's name once loaded).
      { path: '/products/:slug', element: <ProductPage />, handle: title('Product') },
      { path: '/collections/:slug', element: <CollectionPage />, handle: title('Collection') },
      { path: '/reviews', element: <ReviewsPage />, handle: title('Reviews') },
      { path: '/myPortfolio', element: <PortfolioPage />, caseSensitive: true, handle: title('My Portfolio') },
      { path: '/myportfolio', element: <PortfolioPage />, caseSensitive: true, handle: title('My Portfolio') },
      { path: '/blogs', element: <BlogsPage />, handle: title('Blogs') },
      { path: '/contactus', element: <ContactPage />, handle: title('Contact Us') },
      { path: '/login', element: <LoginPage />, handle: title('Login') },
      { path: '/signup', element: <SignupPage />, handle: title('Sign Up') },
      { path: '/cart', element: <CartPage />, handle: title('Your cart') },
      // Signed out, the checkout is a guest's; a guest order's page is reached by its link's token.
      { path: '/checkout', element: <CheckoutPage />, handle: title('Checkout') },
      { path: '/orders/:id', element: <GuestOrderPage />, handle: title('Your order') },
      // Its owner signed in, or anyone holding the order link's token (the proof mail carries it for a guest).
      { path: '/orders/:id/proof', element: <ProofPage />, handle: title('Engraving proof') },
      {
        element: <RequireAuth />,
        children: [
          { path: '/purchase/:id', element: <PurchasePage />, handle: title('Purchase') },
          { path: '/payment/return', element: <PaymentReturnPage />, handle: title('Payment') },
          {
            path: '/dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <MyProfilePage />, handle: title('My Profile') },
              { path: 'review', element: <AddReviewPage />, handle: title('Add a Review') },
              { path: 'myOrders', element: <MyOrdersPage />, handle: title('My Orders') },
              { path: 'payment/:id', element: <PaymentPage />, handle: title('Payment') },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'allOrders', element: <AllOrdersPage />, handle: title('All Orders') },
                  { path: 'addProduct', element: <AddProductPage />, handle: title('Add Product') },
                  { path: 'manageProducts', element: <ManageProductsPage />, handle: title('Manage Products') },
                  { path: 'manageProducts/:id/variants', element: <VariantsPage />, handle: title('Options and variants') },
                  { path: 'collections', element: <CollectionsPage />, handle: title('Collections') },
                  { path: 'discounts', element: <DiscountsPage />, handle: title('Discounts') },
                  { path: 'giftCards', element: <GiftCardsPage />, handle: title('Gift cards') },
                  { path: 'users', element: <UsersPage />, handle: title('Users') },
                  { path: 'messages', element: <MessagesPage />, handle: title('Messages') },
                  { path: 'messages/:id', element: <MessagesPage />, handle: title('Messages') },
                  { path: 'returns', element: <ReturnsPage />, handle: title('Returns') },
                  { path: 'overview', element: <OverviewPage />, handle: title('Overview') },
                  { path: 'shipping', element: <ShippingPage />, handle: title('Shipping and tax') },
                  { path: 'bladeRules', element: <BladeRulesPage />, handle: title('Blade rules') },
                  { path: 'jobs', element: <BackgroundJobsPage />, handle: title('Background jobs') },
                  { path: 'workshop', element: <WorkshopPage />, handle: title('Workshop') },
                  { path: 'apiKeys', element: <ApiKeysPage />, handle: title('API keys') },
                  { path: 'webhooks', element: <WebhooksPage />, handle: title('Webhooks') },
                ],
              },
            ],
          },
        ],
      },
      // DESIGN: /updateProduct/{id} is an admin page (SPEC shows it unguarded).
      {
        element: <RequireAdmin />,
        children: [
          { path: '/updateProduct/:id', element: <UpdateProductPage />, handle: title('Update Product') },
          { path: '/engravingSheet/:id', element: <EngravingSheetPage />, handle: title('Engraving sheet') },
          { path: '/packingSlip/:id', element: <PackingSlipPage />, handle: title('Packing slip') },
          { path: '/giftSlip/:id', element: <GiftSlipPage />, handle: title('Gift slip') },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: title('Page not found') },
    ],
  },
];

/**
 * Loads the page at `pathname` (and any guard around it) and starts its first query before the
 * first render: the page a visitor lands on is what they came for, not something to load after
 * the layout's paint.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => {
    const page = isValidElement(route.element) ? route.element.type : null;
    return typeof page === 'function' && 'preload' in page ? (page as PreloadablePage<object>).preload(params) : null;
  });
  await Promise.all([...loads, preloadLayout(pathname)]);
}

/**
 * The route table, rendered inside a <BrowserRouter> (the data router's loaders and actions are not
 * used, and leaving them out keeps the first load smaller).
 */
export function AppRoutes() {
  const location = useLocation();
  const route = matchRoutes(routes, location)?.findLast((match) => match.route.handle?.title)?.route.handle.title as string | undefined;
  // A page may name itself once its data is loaded (lib/pageTitle.ts): "{product name} | Keen", as the server titles it.
  const [own, setOwn] = useState<string | null>(null);
  const page = own ?? route;
  useEffect(() => {
    document.title = page ? `${page} | Keen` : 'Keen: engraved knives and blades';
  }, [page]);
  return <PageTitleContext.Provider value={setOwn}>{useRoutes(routes)}</PageTitleContext.Provider>;
}
