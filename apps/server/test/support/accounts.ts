import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ensureSuperAdmin } from '../../src/bootstrap/ensure-super-admin.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Granite-Crimp42';
export const SUPER_ADMIN = { email: 'root@example.com', password: 'Root12345' };

export interface Client {
  call(method: InjectOptions['method'], url: string, options?: { token?: string | undefined; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string }): Promise<LightMyRequestResponse>;
  register(email: string, extra?: Record<string, unknown>): Promise<{ id: number; email: string }>;
  login(email: string, password?: string): Promise<string>;
  /** Registers and logs in; returns the user id and a token. */
  user(email: string, extra?: Record<string, unknown>): Promise<{ id: number; token: string }>;
  superAdmin(): Promise<{ id: number; token: string }>;
  /** Creates an organization as the given admin token. */
  organization(token: string, name?: string): Promise<{ id: number }>;
  /** The admin offers the membership and the user accepts it (membership needs the person's consent). */
  join(organizationId: number, adminToken: string, user: { id: number; token: string }): Promise<void>;
}

/** A small API client over app.inject for the accounts tests; fails loudly on unexpected statuses. */
export function client(harness: TestApp): Client {
  const call: Client['call'] = (method, url, options = {}) =>
    harness.app.inject({
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  const expectOk = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const self: Client = {
    call,
    async register(email, extra = {}) {
      return expectOk(await call('POST', '/api/user/register', { payload: { email, password: PASSWORD, name: 'Test', surname: email.split('@')[0], ...extra } }), `register ${email}`);
    },
    async login(email, password = PASSWORD) {
      return expectOk(await call('POST', '/api/token/create', { payload: { email, password } }), `login ${email}`).token;
    },
    async user(email, extra) {
      const { id } = await self.register(email, extra);
      return { id, token: await self.login(email) };
    },
    async superAdmin() {
      await ensureSuperAdmin(harness.app.db, { adminEmail: SUPER_ADMIN.email, adminPassword: SUPER_ADMIN.password }, harness.app.log);
      const token = await self.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
      const me = expectOk(await call('GET', '/api/user', { token }), 'super admin');
      return { id: me.id, token };
    },
    async organization(token, name = 'Boulder Club Bratislava') {
      return expectOk(await call('POST', '/api/organization', { token, payload: { name, shortcut: 'BCB' } }), `create ${name}`);
    },
    async join(organizationId, adminToken, user) {
      expectOk(await call('POST', `/api/organization/${organizationId}/member`, { token: adminToken, payload: { userId: user.id } }), `offer membership to ${user.id}`);
      const accepted = await call('POST', `/api/user/memberships/${organizationId}/accept`, { token: user.token });
      if (accepted.statusCode !== 204) throw new Error(`accept membership: ${accepted.statusCode} ${accepted.body}`);
    },
  };
  return self;
}

export const errorCode = (response: LightMyRequestResponse): string | undefined => {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  return (response.json() as { error?: { code?: string } }).error?.code;
};
