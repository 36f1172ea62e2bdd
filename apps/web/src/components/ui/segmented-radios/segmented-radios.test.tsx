import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SegmentedRadios } from './segmented-radios';

const OPTIONS = [
  { value: '', label: 'Both' },
  { value: 'F', label: 'Women' },
  { value: 'M', label: 'Men' },
] as const;

function Sexes({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'' | 'F' | 'M'>('');
  return (
    <SegmentedRadios
      label="Sex"
      value={value}
      options={OPTIONS}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('SegmentedRadios', () => {
  it('is a named radio group with the chosen value checked', () => {
    renderWithProviders(<Sexes onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Sex' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Women' })).not.toBeChecked();
  });

  it('chooses by a tap on the label and by the arrow keys, telling each value once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Sexes onChange={onChange} />);
    await user.click(screen.getByText('Women'));
    expect(screen.getByRole('radio', { name: 'Women' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('F');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Men' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('M');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('keeps two groups on one page apart', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Sexes onChange={() => undefined} />
        <SegmentedRadios label="Language" value="sk" options={[{ value: 'sk', label: 'SK' }, { value: 'en', label: 'EN' }]} onChange={() => undefined} />
      </>,
    );
    await user.click(screen.getByText('Men'));
    expect(screen.getByRole('radio', { name: 'SK' })).toBeChecked();
  });
});
