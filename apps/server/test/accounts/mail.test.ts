import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Client } from '../support/accounts.ts';
import { startSmtp } from '../support/smtp.ts';

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('e-mail through the outbox and a real SMTP listener', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let harness: TestApp;
  let api: Client;

  beforeAll(async () => {
    smtp = await startSmtp();
    harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'races@climbing.example', CONTACT_EMAIL: 'office@climbing.example' });
    api = client(harness);
  });
  afterAll(async () => {
    await harness.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends the password reset mail over SMTP in the user language and marks the outbox row sent', async () => {
    await api.register('sk@example.com', { language: 'SK' });
    expect((await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'sk@example.com' } })).statusCode).toBe(204);
    // The answer does not wait for the mail server (its timing must not tell a known address).
    await harness.app.mail.idle();
    const message = smtp.received.at(-1);
    expect(message?.to).toEqual(['sk@example.com']);
    expect(message?.from).toBe('races@climbing.example');
    expect(message?.raw).toContain('Subject: Obnovenie hesla');
    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sk@example.com'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(0);
  });

  it('sends invitations and contact messages', async () => {
    const admin = await api.user('admin@example.com');
    const organization = await api.organization(admin.token, 'Mail Club');
    await api.call('POST', `/api/organization/${organization.id}/invitation`, { token: admin.token, payload: { email: 'guest@example.com', language: 'EN' } });
    expect(smtp.received.at(-1)?.to).toEqual(['guest@example.com']);
    expect(smtp.received.at(-1)?.raw.replace(/=\r\n/g, '')).toContain('/invitation/accept?token');
    await api.call('POST', '/api/user/send-message', { payload: { email: 'fan@example.com', message: 'Hello' } });
    expect(smtp.received.at(-1)?.to).toEqual(['office@climbing.example']);
  });
});

describe('a failing SMTP server', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?connectionTimeout=2000` });
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('never answers the user with a 5xx; the outbox row keeps the error and the attempt', async () => {
    await api.register('unlucky@example.com');
    expect((await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'unlucky@example.com' } })).statusCode).toBe(204);
    await harness.app.mail.idle();
    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unlucky@example.com')).orderBy(desc(mailOutbox.id));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.error).toBeTruthy();
  });
});

describe('a mail server that comes back', () => {
  it('sends the e-mails it missed when the outbox is retried, once', async () => {
    const port = await closedPort();
    const harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?connectionTimeout=2000` });
    try {
      const api = client(harness);
      await api.register('patient@example.com');
      await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'patient@example.com' } });
      await harness.app.mail.idle();
      const [failed] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'patient@example.com'));
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      // Rows younger than 30 s are still the sending request's; age this one.
      await harness.app.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(mailOutbox.id, failed!.id));

      const smtp = await startSmtp(port);
      try {
        expect(await harness.app.mail.retryPending()).toBe(1);
        expect(smtp.received.map((message) => message.to)).toEqual([['patient@example.com']]);
        const [sent] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
        expect(sent?.sentAt).toBeInstanceOf(Date);
        expect(await harness.app.mail.retryPending()).toBe(0);
      } finally {
        await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
      }
    } finally {
      await harness.close();
    }
  });
});
