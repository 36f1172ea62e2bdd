import { IFSC_POINTS_TABLE } from '@climbing/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CupRankCategoryForm, fitPoints } from './cup-rank-category-form';

describe('cup rank category points table', () => {
  it('cuts or pads the table to the number of ranks', () => {
    expect(fitPoints([100, 80, 65], 2)).toEqual([100, 80]);
    expect(fitPoints([100], 3)).toEqual([100, 0, 0]);
  });

  it('starts a new category with the IFSC table and sends the edited points', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<CupRankCategoryForm category={null} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getAllByRole('textbox', { name: /^\d+\.$/ })).toHaveLength(IFSC_POINTS_TABLE.length);
    const ranks = screen.getByRole('textbox', { name: /Number of ranks/ });
    await user.clear(ranks);
    await user.type(ranks, '3');
    expect(screen.getAllByRole('textbox', { name: /^\d+\.$/ })).toHaveLength(3);
    const third = screen.getByRole('textbox', { name: '3.' });
    await user.clear(third);
    await user.type(third, '500');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Regional');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Regional', numberOfRanks: 3, level: 1, rankPoints: [1000, 805, 500] }));
  });
});
