import type { FastifyRequest } from 'fastify';
import { DomainError, LOGO_MAX_BYTES, type ErrorCode } from '@climbing/domain';
import { isImageMimeType, sniffMimeType } from './file-sniffing.ts';

/** The multipart field of spec section 7 (POST /api/user/profile-photo), used by every upload. */
export const UPLOAD_FIELD = 'multipartFile';
/** Profile photos share the logo limit of spec section 9 (5 MB). */
export const IMAGE_MAX_BYTES = LOGO_MAX_BYTES;

export interface UploadedImage {
  name: string;
  mimeType: string;
  content: Uint8Array;
}

/**
 * Reads the one image of a multipart request. Over the size limit the multipart plugin throws
 * FST_REQ_FILE_TOO_LARGE (413); a missing file answers `missingCode`; bytes that are not a known
 * image answer FILE_NOT_IMAGE, whatever the file name or declared type says.
 */
export async function readUploadedImage(request: FastifyRequest, missingCode: ErrorCode): Promise<UploadedImage> {
  if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== UPLOAD_FIELD) throw new DomainError(missingCode, { fields: { [UPLOAD_FIELD]: 'validation.required' } });
  const content = await part.toBuffer();
  if (content.byteLength === 0) throw new DomainError(missingCode, { fields: { [UPLOAD_FIELD]: 'validation.notEmpty' } });
  const mimeType = sniffMimeType(content);
  if (!isImageMimeType(mimeType) || !mimeType) throw new DomainError('FILE_NOT_IMAGE', { fields: { [UPLOAD_FIELD]: 'validation.fileNotImage' } });
  const name = (part.filename || 'image').replace(/[\r\n"\\/]/g, '_').slice(0, 200);
  return { name, mimeType, content: new Uint8Array(content) };
}

/**
 * Reads every file of a multipart request (field multipartFile, repeated) as images or PDFs,
 * together at most `maxTotalBytes` (413 beyond). Other bytes answer FILE_TYPE_NOT_ALLOWED.
 */
export async function readUploadedDocuments(request: FastifyRequest, maxTotalBytes: number): Promise<UploadedImage[]> {
  if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  const uploads: UploadedImage[] = [];
  let total = 0;
  for await (const part of request.files({ limits: { fileSize: maxTotalBytes, files: 10 } })) {
    if (part.fieldname !== UPLOAD_FIELD) throw new DomainError('VALIDATION_FAILED', { fields: { [UPLOAD_FIELD]: 'validation.required' } });
    const content = await part.toBuffer();
    total += content.byteLength;
    if (total > maxTotalBytes) throw new DomainError('PAYLOAD_TOO_LARGE', { fields: { [UPLOAD_FIELD]: 'validation.attachmentsTooLarge' } });
    if (content.byteLength === 0) throw new DomainError('VALIDATION_FAILED', { fields: { [UPLOAD_FIELD]: 'validation.notEmpty' } });
    const mimeType = sniffMimeType(content);
    if (!mimeType) throw new DomainError('FILE_TYPE_NOT_ALLOWED', { fields: { [UPLOAD_FIELD]: 'validation.invalid' } });
    const name = (part.filename || (mimeType === 'application/pdf' ? 'document.pdf' : 'image')).replace(/[\r\n"\\/]/g, '_').slice(0, 200);
    uploads.push({ name, mimeType, content: new Uint8Array(content) });
  }
  if (uploads.length === 0) throw new DomainError('VALIDATION_FAILED', { fields: { [UPLOAD_FIELD]: 'validation.required' } });
  return uploads;
}
