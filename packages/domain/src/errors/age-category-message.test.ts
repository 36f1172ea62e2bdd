import { describe, expect, it } from 'vitest';
import { noFittingAgeCategoryMessage } from './age-category-message.ts';

describe('noFittingAgeCategoryMessage', () => {
  const details = {
    age: 18,
    categories: [
      { name: 'U16', fromAge: 10, toAge: 15 },
      { name: 'U18', fromAge: 16, toAge: 17 },
      { name: 'Masters', fromAge: 40, toAge: null },
      { name: 'Kids', fromAge: null, toAge: 9 },
    ],
  };

  it('names the age and every range of the race, in both languages', () => {
    expect(noFittingAgeCategoryMessage('en', details)).toBe(
      "The racer does not fit any age category of this race. Age in this race: 18. The race's age categories: U16 10–15, U18 16–17, Masters 40+, Kids up to 9.",
    );
    expect(noFittingAgeCategoryMessage('sk', details)).toBe(
      'Pretekár nespadá do žiadnej vekovej kategórie týchto pretekov. Vek v týchto pretekoch: 18. Vekové kategórie pretekov: U16 10–15, U18 16–17, Masters 40+, Kids do 9.',
    );
  });

  it('falls back to the bare message when the details are missing or malformed', () => {
    expect(noFittingAgeCategoryMessage('en', undefined)).toBe('The racer does not fit any age category of this race.');
    expect(noFittingAgeCategoryMessage('en', { age: '18' })).toBe('The racer does not fit any age category of this race.');
  });
});
