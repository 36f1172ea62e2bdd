import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRegistration } from '../testing/build-race';
import { RacerDetailsDialog } from './racer-details-dialog';

describe('RacerDetailsDialog', () => {
  it("opens with the one-time racer's details and sends the corrected sex with the rest unchanged", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<RacerDetailsDialog registration={buildRegistration()} onClose={vi.fn()} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Racer 1: Jana Horáková' });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Jana');
    expect(screen.getByRole('textbox', { name: /^Club/ })).toHaveValue('BCB');
    await user.click(screen.getByRole('combobox', { name: /^Sex/ }));
    await user.click(await screen.findByRole('option', { name: 'Male', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Jana', surname: 'Horáková', email: null, club: 'BCB', sex: 'M', birthday: '2004-05-06', country: 'SVK' });
    expect(dialog).toBeInTheDocument();
  });

  it("keeps the server's refusal in the dialog, in the page's language", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockRejectedValue(new ApiError('SEX_DOES_NOT_FIT_GROUP', 409, 'refused'));
    renderWithProviders(<RacerDetailsDialog registration={buildRegistration()} onClose={vi.fn()} onSave={onSave} />, 'sk');
    await user.click(await screen.findByRole('button', { name: 'Uložiť údaje' }));
    expect(await screen.findByTestId('racer-details-failure')).toHaveTextContent('Najprv znovu otvorte skupinu');
  });
});
