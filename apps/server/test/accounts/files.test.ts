import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttachments } from '../../src/db/schema/index.ts';
import { insertFile } from '../../src/features/files/file-repository.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent } from '../support/events.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
const PDF = Buffer.from('%PDF-1.7\n%test\n');

function multipart(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----climbing-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads and GET /api/file/image|pdf/{id}', () => {
  let harness: TestApp;
  let api: Client;
  let user: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    user = await api.user('photo@example.com');
    organizationId = (await api.organization(user.token)).id;
  });
  afterAll(() => harness.close());

  it('POST /api/user/profile-photo stores an image checked by its bytes; the file is served with ETag and caching', async () => {
    const response = await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('multipartFile', 'me.png', PNG) });
    expect(response.statusCode).toBe(200);
    const fileId = response.json().profilePhoto;
    expect(fileId).toMatch(/^[0-9a-f]{32}$/);
    const file = await api.call('GET', `/api/file/image/${fileId}`, { token: user.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // A profile photo is not public: only the browser that fetched it keeps it, and asks again.
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const cached = await api.call('GET', `/api/file/image/${fileId}`, { token: user.token, headers: { 'if-none-match': String(file.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(errorCode(await api.call('GET', `/api/file/pdf/${fileId}`, { token: user.token }))).toBe('FILE_NOT_FOUND');
    // Strangers do not see it, whether they know the id or not.
    expect(errorCode(await api.call('GET', `/api/file/image/${fileId}`))).toBe('FILE_NOT_FOUND');
    const stranger = await api.user(`stranger-${Date.now()}@example.com`);
    expect(errorCode(await api.call('GET', `/api/file/image/${fileId}`, { token: stranger.token }))).toBe('FILE_NOT_FOUND');

    const replaced = await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('multipartFile', 'me.jpg', JPEG, 'image/jpeg') });
    expect((await api.call('GET', `/api/file/image/${replaced.json().profilePhoto}`, { token: user.token })).headers['content-type']).toBe('image/jpeg');
    expect((await api.call('GET', `/api/file/image/${fileId}`, { token: user.token })).statusCode).toBe(404);
  });

  it('refuses a non-image named .png, a wrong field, a non-multipart body, a missing token and more than 5 MB', async () => {
    const fake = await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('multipartFile', 'evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png') });
    expect(fake.statusCode).toBe(400);
    expect(errorCode(fake)).toBe('FILE_NOT_IMAGE');
    expect((await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('other', 'me.png', PNG) })).statusCode).toBe(400);
    expect((await api.call('POST', '/api/user/profile-photo', { token: user.token, payload: { multipartFile: 'x' } })).statusCode).toBe(415);
    expect(errorCode(await api.call('POST', '/api/user/profile-photo', multipart('multipartFile', 'me.png', PNG)))).toBe('MISSING_TOKEN');
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooLarge = await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('multipartFile', 'big.png', huge) });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorCode(tooLarge)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('POST /api/organization/{id}/logo stores the one logo (kind=primary is the same file); a missing file is LOGO_UPLOAD_FAILED', async () => {
    const primary = await api.call('POST', `/api/organization/${organizationId}/logo?kind=primary`, { token: user.token, ...multipart('multipartFile', 'logo.png', PNG) });
    expect(primary.statusCode).toBe(200);
    const primaryId = primary.json().logo;
    expect(primary.json()).toMatchObject({ primaryLogo: primaryId, logo: expect.stringMatching(/^[0-9a-f]{32}$/), secondaryLogo: null });
    const logo = await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('multipartFile', 'logo.jpg', JPEG) });
    expect(logo.json().logo).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
    // An active organization's logo is public and may be cached by anyone.
    const served = await api.call('GET', `/api/file/image/${logo.json().logo}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(logo.json().primaryLogo).toBe(logo.json().logo);
    expect((await api.call('GET', `/api/file/image/${primaryId}`)).statusCode).toBe(404);
    expect(errorCode(await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('wrong', 'logo.png', PNG) }))).toBe('LOGO_UPLOAD_FAILED');
    expect(errorCode(await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('multipartFile', 'logo.png', PDF) }))).toBe('FILE_NOT_IMAGE');
    expect((await api.call('POST', `/api/organization/${organizationId}/logo?kind=banner`, { token: user.token, ...multipart('multipartFile', 'logo.png', PNG) })).statusCode).toBe(400);
  });

  it('the logo uploaded as the primary one is the logo of the catalogue and of the event pages', async () => {
    const upload = await api.call('POST', `/api/organization/${organizationId}/logo?kind=primary`, { token: user.token, ...multipart('multipartFile', 'logo.png', PNG) });
    const logoId = upload.json().primaryLogo;
    const catalogue = (await api.call('GET', '/api/organization')).json() as { id: number; logo: string | null }[];
    expect(catalogue.find((organization) => organization.id === organizationId)?.logo).toBe(logoId);
    const event = await createEvent(api, user.token, organizationId);
    expect((await api.call('GET', `/api/event/${event.id}`, { token: user.token })).json().organization.logo).toBe(logoId);
  });

  it('GET /api/file/pdf/{id} serves only application/pdf; the image route refuses a PDF', async () => {
    const event = await createEvent(api, user.token, organizationId);
    const id = await insertFile(harness.app.db, { kind: 'ATTACHMENT', name: 'rules.pdf', mimeType: 'application/pdf', content: new Uint8Array(PDF) });
    await harness.app.db.insert(eventAttachments).values({ eventId: event.id, fileId: id });
    const response = await api.call('GET', `/api/file/pdf/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('rules.pdf');
    expect(errorCode(await api.call('GET', `/api/file/image/${id}`))).toBe('FILE_NOT_FOUND');
    expect(errorCode(await api.call('GET', `/api/file/pdf/${'0'.repeat(32)}`))).toBe('FILE_NOT_FOUND');
    // The sequential ids of before are not addresses any more.
    for (const bad of ['1', '999999', 'abc', '0x10', `${id}x`]) expect((await api.call('GET', `/api/file/pdf/${bad}`)).statusCode).toBe(400);
  });

  it('a file nothing refers to is served to nobody', async () => {
    const orphan = await insertFile(harness.app.db, { kind: 'ATTACHMENT', name: 'orphan.pdf', mimeType: 'application/pdf', content: new Uint8Array(PDF) });
    expect(errorCode(await api.call('GET', `/api/file/pdf/${orphan}`, { token: user.token }))).toBe('FILE_NOT_FOUND');
  });
});

/** Issue 11 item 5: attachments of a hidden or internal event are not served to anyone who may not see the event. */
describe('files follow the visibility of what they belong to', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const attach = async (token: string, eventId: number) => {
    const upload = await api.call('POST', `/api/event/${eventId}/attachment`, { token, ...multipart('multipartFile', 'rules.pdf', PDF, 'application/pdf') });
    expect(upload.statusCode).toBe(200);
    return (upload.json() as { attachments: { id: string }[] }).attachments[0]!.id;
  };

  it('serves a hidden event’s attachment and poster to its admin (bearer or the web app’s cookie) and to nobody else', async () => {
    const admin = await api.user(`hidden-admin-${Date.now()}@example.com`);
    const organizationId = (await api.organization(admin.token, 'Hidden Files Club')).id;
    const event = await createEvent(api, admin.token, organizationId, { isHidden: true });
    const attachment = await attach(admin.token, event.id);
    const poster = await api.call('POST', `/api/event/${event.id}/poster`, { token: admin.token, ...multipart('multipartFile', 'poster.png', PNG) });
    expect(poster.statusCode).toBe(200);
    const posterId = (poster.json() as { poster: string }).poster;

    for (const [path, id] of [['pdf', attachment], ['image', posterId]] as const) {
      expect(errorCode(await api.call('GET', `/api/file/${path}/${id}`))).toBe('FILE_NOT_FOUND');
      const outsider = await api.user(`outsider-${path}-${Date.now()}@example.com`);
      expect(errorCode(await api.call('GET', `/api/file/${path}/${id}`, { token: outsider.token }))).toBe('FILE_NOT_FOUND');
      const asAdmin = await api.call('GET', `/api/file/${path}/${id}`, { token: admin.token });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.headers['cache-control']).toBe('private, no-cache');
      // What an <img> or a link of the web app sends: the session cookie.
      expect((await api.call('GET', `/api/file/${path}/${id}`, { headers: { cookie: `climbing_session=${admin.token}` } })).statusCode).toBe(200);
    }

    // Published: anybody may fetch it, and shared caches may keep it.
    expect((await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { isHidden: false } })).statusCode).toBe(200);
    const published = await api.call('GET', `/api/file/pdf/${attachment}`);
    expect(published.statusCode).toBe(200);
    expect(published.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves an internal event’s attachment to the organization’s members only', async () => {
    const admin = await api.user(`internal-admin-${Date.now()}@example.com`);
    const organizationId = (await api.organization(admin.token, 'Internal Files Club')).id;
    const event = await createEvent(api, admin.token, organizationId, { isPublic: false });
    const attachment = await attach(admin.token, event.id);
    const member = await api.user(`internal-member-${Date.now()}@example.com`);
    expect(errorCode(await api.call('GET', `/api/file/pdf/${attachment}`, { token: member.token }))).toBe('FILE_NOT_FOUND');
    await api.join(organizationId, admin.token, member);
    expect((await api.call('GET', `/api/file/pdf/${attachment}`, { token: member.token })).statusCode).toBe(200);
    expect(errorCode(await api.call('GET', `/api/file/pdf/${attachment}`))).toBe('FILE_NOT_FOUND');
  });
});
