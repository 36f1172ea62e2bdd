import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, PASSWORD, type Client } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** docs/security.md, Logins: a stolen session cannot be used to guess the password behind it. */
describe('checks of the current password inside a session', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('slow down after five wrong current passwords on the account, whichever call and session asks', async () => {
    const email = `guess-${Date.now()}@example.com`;
    const first = await api.user(email);
    const second = await api.login(email);
    const changePassword = (token: string, currentPassword: string) =>
      api.call('PUT', '/api/user/password', { token, payload: { currentPassword, newPassword: 'Another-Crimp77' } });

    for (let attempt = 0; attempt < 4; attempt += 1) expect(errorCode(await changePassword(first.token, `wrong-${attempt}`))).toBe('CURRENT_PASSWORD_INCORRECT');
    // The e-mail change asks for the password too, and counts on the same account.
    const emailChange = await api.call('PUT', '/api/user', { token: second, payload: { name: 'Test', surname: 'Guess', email: `new-${email}`, currentPassword: 'wrong-e-mail' } });
    expect(errorCode(emailChange)).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(errorCode(await changePassword(second, 'wrong-6'))).toBe('CURRENT_PASSWORD_INCORRECT');

    // Now the account waits, even with the right password and from the other session.
    const blocked = await changePassword(first.token, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    await new Promise((resolve) => setTimeout(resolve, (Number(blocked.headers['retry-after']) + 0.2) * 1000));
    expect((await changePassword(first.token, PASSWORD)).statusCode).toBe(204);
  });
});
