import { describe, expect, it } from 'vitest';
import { possibleDuplicates, type RegisteredPersonKey } from './duplicate-registrations.ts';

const person = (id: number, name: string, surname: string, birthYear: number | null, email: string | null, minute = id): RegisteredPersonKey => ({
  id,
  name,
  surname,
  birthYear,
  email,
  date: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('possibleDuplicates', () => {
  it('finds the same name and birth year regardless of case, spaces and diacritics, pointing at the earliest', () => {
    const found = possibleDuplicates([person(3, ' JAN ', 'Šťastný', 2001, null), person(1, 'Ján', 'Šťastný', 2001, 'a@x.sk'), person(2, 'Jan', 'Stastny', 2001, 'b@x.sk')]);
    expect([...found.entries()].sort()).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it('finds the same name with the same e-mail even when the birth year differs (a typo)', () => {
    expect([...possibleDuplicates([person(1, 'Eva', 'Nová', 2010, 'Mama@x.sk'), person(2, 'Eva', 'Nová', 2011, 'mama@x.sk ')]).entries()]).toEqual([[2, 1]]);
  });

  it('leaves siblings with one parent e-mail, namesakes of another year and people without data alone', () => {
    expect(possibleDuplicates([person(1, 'Eva', 'Nová', 2010, 'mama@x.sk'), person(2, 'Adam', 'Nový', 2012, 'mama@x.sk')]).size).toBe(0);
    expect(possibleDuplicates([person(1, 'Peter', 'Malý', 1990, null), person(2, 'Peter', 'Malý', 2005, null)]).size).toBe(0);
    expect(possibleDuplicates([person(1, 'Peter', 'Malý', null, null), person(2, 'Peter', 'Malý', null, null)]).size).toBe(0);
  });

  it('keeps one original for a chain matched by different keys', () => {
    const found = possibleDuplicates([person(1, 'Ivan', 'Hora', 2000, null), person(2, 'Ivan', 'Hora', 2000, 'i@x.sk'), person(3, 'Ivan', 'Hora', 1999, 'i@x.sk')]);
    expect(found.get(2)).toBe(1);
    expect(found.get(3)).toBe(1);
  });
});
