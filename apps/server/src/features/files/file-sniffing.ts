/**
 * The type of an upload is read from its first bytes, never from its name or the client's
 * Content-Type (STYLE: validate files by their bytes). SVG is deliberately not an image here:
 * it can carry scripts and would be served from our origin.
 */
const SIGNATURES: { mimeType: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { mimeType: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/gif', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61 },
  { mimeType: 'image/webp', matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
  { mimeType: 'application/pdf', matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value);
}

/** The sniffed MIME type, or null when the bytes are none of the accepted kinds. */
export function sniffMimeType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mimeType ?? null;
}

export const isImageMimeType = (mimeType: string | null): boolean => mimeType !== null && mimeType.startsWith('image/');
