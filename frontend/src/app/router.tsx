import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import HomePage from '../features/home/HomePage';
import { RequireAdmin, RequireAuth } from './guards';
import MainLayout from './layouts/MainLayout';

// Everything but the home page loads on demand, so the first load of / stays small.
const ProductsPage = lazy(() => import('../features/catalog/ProductsPage'));
const ReviewsPage = lazy(() => import('../features/reviews/ReviewsPage'));
const PortfolioPage = lazy(() => import('../features/static/PortfolioPage'));
const BlogsPage = lazy(() => import('../features/static/BlogsPage'));
const ContactPage = lazy(() => import('../features/static/ContactPage'));
const NotFoundPage = lazy(() => import('../features/static/NotFoundPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const PurchasePage = lazy(() => import('../features/purchase/PurchasePage'));
const DashboardLayout = lazy(() => import('../features/dashboard/DashboardLayout'));
const MyProfilePage = lazy(() => import('../features/profile/MyProfilePage'));
const MyOrdersPage = lazy(() => import('../features/orders/MyOrdersPage'));
const AddReviewPage = lazy(() => import('../features/reviews/AddReviewPage'));
const PaymentPage = lazy(() => import('../features/payment/PaymentPage'));
const AllOrdersPage = lazy(() => import('../features/admin/AllOrdersPage'));
const AddProductPage = lazy(() => import('../features/admin/AddProductPage'));
const ManageProductsPage = lazy(() => import('../features/admin/ManageProductsPage'));
const UsersPage = lazy(() => import('../features/admin/UsersPage'));
const UpdateProductPage = lazy(() => import('../features/admin/UpdateProductPage'));
const OverviewPage = lazy(() => import('../features/admin/OverviewPage'));
const EngravingSheetPage = lazy(() => import('../features/engraving/EngravingSheetPage'));

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/reviews', element: <ReviewsPage /> },
      { path: '/myPortfolio', element: <PortfolioPage />, caseSensitive: true },
      { path: '/myportfolio', element: <PortfolioPage />, caseSensitive: true },
      { path: '/blogs', element: <BlogsPage /> },
      { path: '/contactus', element: <ContactPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/purchase/:id', element: <PurchasePage /> },
          {
            path: '/dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <MyProfilePage /> },
              { path: 'review', element: <AddReviewPage /> },
              { path: 'myOrders', element: <MyOrdersPage /> },
              { path: 'payment/:id', element: <PaymentPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'allOrders', element: <AllOrdersPage /> },
                  { path: 'addProduct', element: <AddProductPage /> },
                  { path: 'manageProducts', element: <ManageProductsPage /> },
                  { path: 'users', element: <UsersPage /> },
                  { path: 'overview', element: <OverviewPage /> },
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
          { path: '/updateProduct/:id', element: <UpdateProductPage /> },
          { path: '/engravingSheet/:id', element: <EngravingSheetPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table, rendered inside a <BrowserRouter> (the data router's loaders and actions are not
 * used, and leaving them out keeps the first load smaller).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
