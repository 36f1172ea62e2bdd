import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoadingText } from './page-loading-text';
import { useSession } from '../hooks/use-session';

interface RequireLoginProps {
  children: ReactNode;
  /** Super admin pages: a logged-in user without the flag is sent to the start page. */
  superAdmin?: boolean;
}

/** Pages for account holders: visitors go to the login page, which returns them here afterwards. */
export function RequireLogin({ children, superAdmin = false }: RequireLoginProps) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageLoadingText />;
  if (user === null) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (superAdmin && !user.superAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
