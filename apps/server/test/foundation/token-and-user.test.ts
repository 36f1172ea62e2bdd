import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { ensureSuperAdmin } from '../../src/bootstrap/ensure-super-admin.ts';

const ADMIN = { email: 'Admin@Example.com', password: 'Admin12345' };

describe('super admin, token create / renew / delete and GET /api/user', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await ensureSuperAdmin(harness.app.db, harness.config, harness.app.log);
  });
  afterAll(() => harness.close());

  const login = (email: string, password: string) => harness.app.inject({ method: 'POST', url: '/api/token/create', payload: { email, password } });
  const me = (token?: string) => harness.app.inject({ method: 'GET', url: '/api/user', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('creates the super admin only once', async () => {
    await ensureSuperAdmin(harness.app.db, harness.config, harness.app.log);
    const response = await login('admin@example.com', ADMIN.password);
    expect(response.statusCode).toBe(200);
  });

  it('logs in with the admin credentials (e-mail case-insensitive) and returns that user', async () => {
    const response = await login('admin@example.com', ADMIN.password);
    expect(response.statusCode).toBe(200);
    const { token, expiresAt } = response.json();
    expect(token.split('.')).toHaveLength(3);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const user = await me(token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: ADMIN.email, superAdmin: true, role: 'SUPER_ADMIN', active: true, fullName: 'Super Admin' });
    expect(user.json()).not.toHaveProperty('passwordHash');
  });

  it('refuses a wrong password with 401 BAD_CREDENTIALS, and an unknown e-mail the same way', async () => {
    for (const [email, password] of [[ADMIN.email, 'wrong-password-1'], ['nobody@example.com', ADMIN.password]] as const) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('BAD_CREDENTIALS');
    }
  });

  it('tells a missing token, a bad signature and an expired token apart', async () => {
    expect((await me()).json().error.code).toBe('MISSING_TOKEN');
    const forged = await new SignJWT({ sid: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const badSignature = await me(forged);
    expect(badSignature.statusCode).toBe(401);
    expect(badSignature.json().error.code).toBe('INVALID_TOKEN_SIGNATURE');
    const key = new TextEncoder().encode(harness.config.jwtSecret);
    const expired = await new SignJWT({ sid: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuedAt(1_000).setExpirationTime(2_000).sign(key);
    const expiredResponse = await me(expired);
    expect(expiredResponse.statusCode).toBe(401);
    expect(expiredResponse.json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect((await me('not-a-jwt')).json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('renews a token and revokes the session on DELETE /api/token', async () => {
    const { token } = (await login(ADMIN.email, ADMIN.password)).json();
    const renewed = await harness.app.inject({ method: 'PUT', url: '/api/token/renew', headers: { authorization: `Bearer ${token}` } });
    expect(renewed.statusCode).toBe(200);
    const renewedToken = renewed.json().token;
    expect((await me(renewedToken)).statusCode).toBe(200);

    const logout = await harness.app.inject({ method: 'DELETE', url: '/api/token', headers: { authorization: `Bearer ${renewedToken}` } });
    expect(logout.statusCode).toBe(204);
    for (const revoked of [token, renewedToken]) {
      const response = await me(revoked);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_OR_EXPIRED_TOKEN');
    }
  });
});

describe('super admin on a first start of several instances', () => {
  it('is created once when three instances start together, without a failed start', async () => {
    const harness = await createTestApp({ ADMIN_EMAIL: 'first@example.com', ADMIN_PASSWORD: 'First12345' });
    try {
      await Promise.all([1, 2, 3].map(() => ensureSuperAdmin(harness.app.db, harness.config, harness.app.log)));
      const response = await harness.app.inject({ method: 'POST', url: '/api/token/create', payload: { email: 'first@example.com', password: 'First12345' } });
      expect(response.statusCode).toBe(200);
      const admins = await harness.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${response.json().token}` } });
      expect(admins.json()).toMatchObject({ superAdmin: true });
    } finally {
      await harness.close();
    }
  });
});
