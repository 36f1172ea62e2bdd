import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'Admin12345' } as const;

/** The header texts of each language, as the catalogues define them. */
export const HEADER_TEXTS = {
  en: { events: 'Events', cups: 'Cups', login: 'Log in', language: 'Language' },
  sk: { events: 'Podujatia', cups: 'Poháre', login: 'Prihlásiť sa', language: 'Jazyk' },
} as const;

export type Language = keyof typeof HEADER_TEXTS;

/** Picks a language in the header's SK/EN switch. */
export const switchLanguage = async (page: Page, from: Language, to: Language): Promise<void> => {
  const switcher = page.getByRole('radiogroup', { name: HEADER_TEXTS[from].language });
  await switcher.getByText(to.toUpperCase(), { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
};

/** Starts every page in the given language, as if the user had chosen it earlier. */
export const preferLanguage = async (page: Page, language: Language): Promise<void> => {
  await page.addInitScript((stored) => window.localStorage.setItem('language', stored), language);
};

/** The admin's display name as the API reports it, so tests do not hard-code seed data. */
export const adminFullName = async (request: APIRequestContext): Promise<string> => {
  const created = await request.post('/api/token/create', { data: ADMIN });
  expect(created.ok(), `POST /api/token/create answered ${created.status()}: ${await created.text()}`).toBe(true);
  const { token } = (await created.json()) as { token: string };
  const user = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  const { fullName } = (await user.json()) as { fullName: string };
  await request.delete('/api/token', { headers: { Authorization: `Bearer ${token}` } });
  return fullName;
};

export const fillLogin = async (page: Page, email: string, password: string): Promise<void> => {
  // Exact: a role name matches substrings, and "Judge login or e-mail" of a page still on screen
  // while the login page loads would take the e-mail instead (seen once in judge-header.spec.ts).
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
};
