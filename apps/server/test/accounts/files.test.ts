import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const file = await api.call('GET', `/api/file/image/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('max-age');
    expect(file.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const cached = await api.call('GET', `/api/file/image/${fileId}`, { headers: { 'if-none-match': String(file.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(errorCode(await api.call('GET', `/api/file/pdf/${fileId}`))).toBe('FILE_NOT_FOUND');

    const replaced = await api.call('POST', '/api/user/profile-photo', { token: user.token, ...multipart('multipartFile', 'me.jpg', JPEG, 'image/jpeg') });
    expect((await api.call('GET', `/api/file/image/${replaced.json().profilePhoto}`)).headers['content-type']).toBe('image/jpeg');
    expect((await api.call('GET', `/api/file/image/${fileId}`)).statusCode).toBe(404);
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
    expect(primary.json()).toMatchObject({ primaryLogo: primaryId, logo: expect.any(Number), secondaryLogo: null });
    const logo = await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('multipartFile', 'logo.jpg', JPEG) });
    expect(logo.json().logo).toEqual(expect.any(Number));
    expect(logo.json().primaryLogo).toBe(logo.json().logo);
    expect((await api.call('GET', `/api/file/image/${primaryId}`)).statusCode).toBe(404);
    expect(errorCode(await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('wrong', 'logo.png', PNG) }))).toBe('LOGO_UPLOAD_FAILED');
    expect(errorCode(await api.call('POST', `/api/organization/${organizationId}/logo`, { token: user.token, ...multipart('multipartFile', 'logo.png', PDF) }))).toBe('FILE_NOT_IMAGE');
    expect((await api.call('POST', `/api/organization/${organizationId}/logo?kind=banner`, { token: user.token, ...multipart('multipartFile', 'logo.png', PNG) })).statusCode).toBe(400);
  });

  it('the logo uploaded as the primary one is the logo of the catalogue and of the event pages', async () => {
    const upload = await api.call('POST', `/api/organization/${organizationId}/logo?kind=primary`, { token: user.token, ...multipart('multipartFile', 'logo.png', PNG) });
    const logoId = upload.json().primaryLogo;
    const catalogue = (await api.call('GET', '/api/organization')).json() as { id: number; logo: number | null }[];
    expect(catalogue.find((organization) => organization.id === organizationId)?.logo).toBe(logoId);
    const event = await createEvent(api, user.token, organizationId);
    expect((await api.call('GET', `/api/event/${event.id}`, { token: user.token })).json().organization.logo).toBe(logoId);
  });

  it('GET /api/file/pdf/{id} serves only application/pdf; the image route refuses a PDF', async () => {
    const id = await insertFile(harness.app.db, { kind: 'ATTACHMENT', name: 'rules.pdf', mimeType: 'application/pdf', content: new Uint8Array(PDF) });
    const response = await api.call('GET', `/api/file/pdf/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('rules.pdf');
    expect(errorCode(await api.call('GET', `/api/file/image/${id}`))).toBe('FILE_NOT_FOUND');
    expect(errorCode(await api.call('GET', '/api/file/pdf/999999'))).toBe('FILE_NOT_FOUND');
    expect((await api.call('GET', '/api/file/pdf/abc')).statusCode).toBe(400);
  });
});
