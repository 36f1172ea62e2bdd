import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DateField } from './date-field';

function Birthday({ birthday = false }: { birthday?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <DateField label="Birthday" value={value} onChange={setValue} birthday={birthday} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const calendar = () => document.querySelector('[data-dates-dropdown]');

describe('DateField', () => {
  it('closes the calendar once a whole date is typed, and opens it again on a click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday />);
    const input = screen.getByRole('textbox', { name: 'Birthday' });
    await user.click(input);
    await waitFor(() => expect(calendar()).not.toBeNull());
    await user.type(input, '2008-05-1');
    expect(calendar()).not.toBeNull();
    await user.type(input, '4');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(input).toHaveValue('2008-05-14');
    await user.click(input);
    await waitFor(() => expect(calendar()).not.toBeNull());
  });

  it('reads a Slovak hand-written date and eight digits, and keeps exactly that date (15.3.2011 was kept as 2001-01-01)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday birthday />, 'sk');
    const input = screen.getByRole('textbox', { name: 'Birthday' });
    await user.type(input, '15.3.2011');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2011-03-15');
    expect(input).toHaveValue('2011-03-15');
    await user.clear(input);
    await user.type(input, '01022009');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2009-02-01');
    expect(screen.queryByText(/nie je celý dátum/)).not.toBeInTheDocument();
  });

  it('reads a date pasted as the app writes it, month in words ("Nov 29, 2026")', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday />);
    const input = screen.getByRole('textbox', { name: 'Birthday' });
    await user.click(input);
    await user.paste('Nov 29, 2026');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-29');
    expect(input).toHaveValue('2026-11-29');
  });

  it('says what it could not read instead of keeping a date that was not typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday birthday />, 'sk');
    const input = screen.getByRole('textbox', { name: 'Birthday' });
    await user.type(input, '15.3.20');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.getByText('„15.3.20“ nie je celý dátum: zadajte ho ako 2011‑03‑15, 15.3.2011 alebo 15032011.')).toBeInTheDocument();
    // The field is empty again (it keeps no date that was not typed); typing takes the message away.
    expect(input).toHaveValue('');
    await user.type(input, '2');
    expect(screen.queryByText(/nie je celý dátum/)).not.toBeInTheDocument();
    // A birthday in the future is outside the field's dates.
    await user.clear(input);
    const nextYear = new Date().getFullYear() + 1;
    await user.type(input, `${nextYear}-01-01`);
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.getByText(new RegExp(`„${nextYear}-01-01“ je mimo dátumov, ktoré toto pole prijíma`))).toBeInTheDocument();
  });

  it('opens a birthday\'s calendar on the decades of birth years, in the page\'s language', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday birthday />, 'sk');
    await user.click(screen.getByRole('textbox', { name: 'Birthday' }));
    await waitFor(() => expect(calendar()).not.toBeNull());
    const decade = Math.floor((new Date().getFullYear() - 15) / 10) * 10;
    expect(calendar()).toHaveTextContent(`${decade} – ${decade + 9}`);
  });

  it('speaks Slovak in the calendar of a Slovak page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Birthday />, 'sk');
    await user.click(screen.getByRole('textbox', { name: 'Birthday' }));
    await waitFor(() => expect(calendar()).not.toBeNull());
    const month = new Intl.DateTimeFormat('sk', { month: 'long' }).format(new Date());
    expect(calendar()!.textContent!.toLowerCase()).toContain(month);
    expect(calendar()).toHaveTextContent(/po|ut|st/i);
  });
  it('in a dialog, Escape closes the open calendar and leaves the dialog open; a second Escape closes the dialog', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <Modal opened onClose={onClose} title="Registration">
        <Birthday />
      </Modal>,
    );
    const input = await screen.findByRole('textbox', { name: 'Birthday' });
    await user.click(input);
    await waitFor(() => expect(calendar()).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
