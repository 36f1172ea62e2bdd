import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { checkInQrAttachment } from '../../src/features/check-in/check-in-qr.ts';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mailsTo, mimeParts, partBytes, startSmtp, type MimePart, type SmtpListener } from '../support/smtp.ts';

const partOf = (parts: MimePart[], type: string) => parts.find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith(type));

describe('the registration confirmation e-mail carries the check-in code as text and QR (issue 10 item 2)', () => {
  let smtp: SmtpListener;
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let raceId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'races@climbing.example' });
    api = client(harness);
    admin = await api.user('qr-admin@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'QR Club');
    const event = await createEvent(api, admin.token, organizationId, { name: 'Boulder <b>Cup</b> & Co' }, [raceBody({ name: 'Women' })]);
    raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  it('a member registering gets the code in text and the same code as an inline QR image, and the desk accepts the code from the mail', async () => {
    const racer = await api.user('qr-racer@example.com', { sex: 'F', birthday: '2000-02-02', language: 'EN' });
    const registered = await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id, checkInCode } = registered.json() as { id: number; checkInCode: string };

    const [mail] = mailsTo(smtp, 'qr-racer@example.com');
    expect(mail).toBeDefined();
    const parts = mimeParts(mail!.raw);
    const text = partBytes(partOf(parts, 'text/plain')!).toString('utf8');
    expect(text).toContain(`Check-in code: ${checkInCode}`);
    expect(text).toContain('Racer number:');
    expect(text).toContain('from this e-mail or from your board');

    const image = partOf(parts, 'image/gif');
    expect(image, 'an inline QR image').toBeDefined();
    expect(image!.headers['content-id']).toBe('<check-in-qr@climbing>');
    expect(image!.headers['content-disposition']).toMatch(/^inline/);
    const bytes = partBytes(image!);
    expect(bytes.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
    // The image encodes exactly the board's code: the same library draws the same code the same way.
    expect(bytes.equals(Buffer.from(checkInQrAttachment(checkInCode).content, 'base64'))).toBe(true);

    const html = partBytes(partOf(parts, 'text/html')!).toString('utf8');
    expect(html).toContain('src="cid:check-in-qr@climbing"');
    // What the organiser typed is text, never markup.
    expect(html).toContain('Boulder &lt;b&gt;Cup&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Cup</b>');

    const codeFromMail = /Check-in code: (\S+)/.exec(text)?.[1];
    const desk = await api.call('POST', `/api/race/${raceId}/check-in`, { token: admin.token, payload: { code: codeFromMail } });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json()).toMatchObject({ alreadyPresent: false, registration: { id, state: 'PRESENT' } });

    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'qr-racer@example.com'));
    expect(row).toMatchObject({ kind: 'REGISTRATION', language: 'EN' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('a one-time racer with an e-mail gets it in the language of the request, in Slovak without one; no address, no mail', async () => {
    const once = { name: 'Ema', surname: 'Jednorazová', sex: 'F', birthday: '2001-02-03', country: 'SK' };
    const english = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { ...once, email: 'ema-en@example.com' }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.statusCode, english.body).toBe(201);
    const englishText = partBytes(partOf(mimeParts(mailsTo(smtp, 'ema-en@example.com')[0]!.raw), 'text/plain')!).toString('utf8');
    expect(englishText).toContain(`Check-in code: ${(english.json() as { checkInCode: string }).checkInCode}`);
    // No account, no board: the mail is the racer's only copy of the code, and says so.
    expect(englishText).toContain('from this e-mail (keep this e-mail: it is the only copy)');
    expect(englishText).not.toContain('board');

    const slovak = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { ...once, name: 'Eva', email: 'eva-sk@example.com' } });
    expect(slovak.statusCode, slovak.body).toBe(201);
    const slovakText = partBytes(partOf(mimeParts(mailsTo(smtp, 'eva-sk@example.com')[0]!.raw), 'text/plain')!).toString('utf8');
    expect(slovakText).toContain(`Kód na prezentáciu: ${(slovak.json() as { checkInCode: string }).checkInCode}`);

    const before = smtp.received.length;
    const silent = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { ...once, name: 'Bez' } });
    expect(silent.statusCode, silent.body).toBe(201);
    expect(smtp.received).toHaveLength(before);
  });

  it('a retry from the outbox sends the same image', async () => {
    const racer = await api.user('qr-retry@example.com', { sex: 'F', birthday: '1999-01-01' });
    await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } });
    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'qr-retry@example.com'));
    await harness.app.db.update(mailOutbox).set({ sentAt: null }).where(eq(mailOutbox.id, row!.id));
    await harness.app.mail.deliver([row!.id]);
    const [first, second] = mailsTo(smtp, 'qr-retry@example.com').map((mail) => partBytes(partOf(mimeParts(mail.raw), 'image/gif')!));
    expect(first?.length).toBeGreaterThan(100);
    expect(second?.equals(first!)).toBe(true);
  });
});
