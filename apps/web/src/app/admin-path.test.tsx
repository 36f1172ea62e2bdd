import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_HANDLE, useAdminPath } from './admin-path';

function Flag() {
  return <p>{useAdminPath() ? 'admin' : 'public'}</p>;
}

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/events/actual', element: <Flag /> },
      { path: '/admin', handle: ADMIN_ROUTE_HANDLE, children: [{ path: 'events', element: <Flag /> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
};

describe('useAdminPath', () => {
  it('is set on pages below a route carrying the admin handle', () => {
    renderAt('/admin/events');
    expect(screen.getByText('admin')).toBeInTheDocument();
  });

  it('is not set on public pages', () => {
    renderAt('/events/actual');
    expect(screen.getByText('public')).toBeInTheDocument();
  });
});
