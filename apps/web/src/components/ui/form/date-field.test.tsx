import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DateField } from './date-field';

function Birthday() {
  const [value, setValue] = useState<string | null>(null);
  return <DateField label="Birthday" value={value} onChange={setValue} />;
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
});
