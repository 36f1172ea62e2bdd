import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';

// Pages are split into their own chunks; the layout's Suspense shows the loading text meanwhile.
const EventsPage = lazy(() => import('../features/events/pages/events-page').then((m) => ({ default: m.EventsPage })));
const CupsPage = lazy(() => import('../features/cups/pages/cups-page').then((m) => ({ default: m.CupsPage })));
const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));

/*
 * Admin screens arrive in later issues under one parent route:
 *   { path: 'admin', handle: ADMIN_ROUTE_HANDLE, children: [...] }
 * so that useAdminPath() flags every page below /admin.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/events/actual" replace /> },
      { path: 'events/actual', element: <EventsPage period="actual" /> },
      { path: 'events/history', element: <EventsPage period="history" /> },
      { path: 'cups/actual', element: <CupsPage period="actual" /> },
      { path: 'cups/history', element: <CupsPage period="history" /> },
      { path: 'login', element: <LoginPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
