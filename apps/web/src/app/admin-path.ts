import { useMatches } from 'react-router';

/**
 * Spec section 2: admin pages are marked by an admin-path flag. Routes under /admin carry this
 * handle on their parent route; the shell reads it from the matched routes, so the flag can
 * never disagree with the URL.
 */
export interface AdminRouteHandle {
  adminPath: true;
}

export const ADMIN_ROUTE_HANDLE: AdminRouteHandle = { adminPath: true };

const isAdminHandle = (handle: unknown): handle is AdminRouteHandle =>
  typeof handle === 'object' && handle !== null && 'adminPath' in handle && handle.adminPath === true;

export const useAdminPath = (): boolean => useMatches().some((match) => isAdminHandle(match.handle));
