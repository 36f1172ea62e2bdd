import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { tokenAnswer } from '../../../test/session';
import { JudgeLoginCard } from './judge-login-card';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const render = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <JudgeLoginCard />
      <Address />
    </MemoryRouter>,
  );

function stubServer() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/token/create' && init?.method === 'POST') return Response.json(tokenAnswer('judge-csrf'));
    if (url === '/api/token') return Response.json({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId: 21, eventId: 3 });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('JudgeLoginCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the login from the judge card\'s address, asks for the password and drops the login from the address once logged in', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    render('/races/5/scorecard?stage=QUALIFICATION&login=judge-3-abcdef');
    expect(screen.getByRole('textbox', { name: /^Judge login or e-mail/ })).toHaveValue('judge-3-abcdef');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveFocus();
    expect(screen.getByText('Your login from the judge card is filled in: type the password and log in.')).toBeInTheDocument();

    await user.type(password, 'kmnpqrstuv42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/races\/5\/scorecard\?stage=QUALIFICATION$/));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/token/create') as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'judge-3-abcdef', password: 'kmnpqrstuv42' });
  });

  it('starts empty without a login in the address, or with a broken one', () => {
    stubServer();
    render('/races/5/scorecard?login=%0A');
    expect(screen.getByRole('textbox', { name: /^Judge login or e-mail/ })).toHaveValue('');
    expect(screen.getByLabelText(/^Password/)).not.toHaveFocus();
    expect(screen.getByText('Use the judge login of this event, or your account e-mail.')).toBeInTheDocument();
  });
});
