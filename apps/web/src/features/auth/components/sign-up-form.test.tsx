import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SignUpForm } from './sign-up-form';

const fill = async (label: string | RegExp, value: string, exact = true) => {
  const user = userEvent.setup();
  const input = screen.getByLabelText(label, { exact, selector: 'input' });
  await user.clear(input);
  await user.type(input, value);
  return input;
};

describe('SignUpForm', () => {
  it('marks required fields and shows per-field errors without calling the server', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
    const email = screen.getByLabelText(/E-mail/, { selector: 'input' });
    expect(email).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This value must be filled.')).not.toHaveLength(0);
    expect(screen.getByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the e-mail format, the password rule and that both passwords match', async () => {
    renderWithProviders(<SignUpForm onSubmit={vi.fn()} />);
    await fill('E-mail', 'not-an-email', false);
    await fill(/^Password/, 'onlyletters');
    await fill('Confirm password', 'different1', false);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid e-mail format.')).toBeInTheDocument();
    expect(screen.getByText('The password must contain letters and numbers.')).toBeInTheDocument();
    expect(screen.getByText('The passwords must match.')).toBeInTheDocument();
  });

  it('sends the registration body and shows a server error by its code', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('EMAIL_ALREADY_IN_USE', 409, 'in use'));
    renderWithProviders(<SignUpForm onSubmit={onSubmit} />, 'sk');
    await fill('E-mail', 'racer@example.com', false);
    await fill('Heslo', 'Climb1234', false);
    await fill('Potvrdenie hesla', 'Climb1234', false);
    await fill('Meno', 'Jana', false);
    await fill('Priezvisko', 'Horská', false);
    await userEvent.click(screen.getByRole('button', { name: 'Vytvoriť účet' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: 'racer@example.com',
      password: 'Climb1234',
      name: 'Jana',
      surname: 'Horská',
      birthday: null,
      sex: null,
      phoneNumber: null,
      club: null,
      language: 'SK',
    });
    expect(await screen.findByText('Tento e-mail sa už používa.')).toBeInTheDocument();
  });

  it('requires birthday and sex when signing up to register for a race (the registration needs them)', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<SignUpForm onSubmit={onSubmit} forRegistration />);
    expect(screen.getByRole('textbox', { name: /^Birthday/ })).toBeRequired();
    expect(screen.getByRole('combobox', { name: /^Sex/ })).toBeRequired();
    await fill('E-mail', 'racer@example.com', false);
    await fill(/^Password/, 'Climb1234');
    await fill('Confirm password', 'Climb1234', false);
    await fill(/^Name/, 'Jana', false);
    await fill(/^Surname/, 'Horská', false);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Birthday/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('combobox', { name: /^Sex/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await fill(/^Birthday/, '2004-05-06');
    await userEvent.click(screen.getByRole('combobox', { name: /^Sex/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Female', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ birthday: '2004-05-06', sex: 'F' });
  }, 15_000);

  describe('with the countries loaded', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('asks for the country shown beside the racer in lists and results, and sends it as the address country', async () => {
      const countries = [
        { alpha2: 'SK', alpha3: 'SVK', name: 'Slovakia', primary: true },
        { alpha2: 'CZ', alpha3: 'CZE', name: 'Czechia', primary: true },
      ];
      vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(countries), { status: 200 })));
      const onSubmit = vi.fn().mockResolvedValue(undefined);
      const user = userEvent.setup();
      renderWithProviders(<SignUpForm onSubmit={onSubmit} />);
      await fill('E-mail', 'racer@example.com', false);
      await fill(/^Password/, 'Climb1234');
      await fill('Confirm password', 'Climb1234', false);
      await fill(/^Name/, 'Jana', false);
      await fill(/^Surname/, 'Horská', false);
      const country = screen.getByRole('combobox', { name: 'Country' });
      expect(screen.getByText('Shown beside your name in starting lists and results.')).toBeInTheDocument();
      await user.click(country);
      await user.click(await screen.findByRole('option', { name: /CZE/ }));
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ email: 'racer@example.com', address: { country: 'CZE' } });
    });
  });
});
