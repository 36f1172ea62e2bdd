// Spec section 7: images by GET /api/file/image/{id}, PDFs by GET /api/file/pdf/{id}; file ids are random
// strings (docs/security.md), and the session cookie opens the files of internal and hidden events.
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

export const imageUrl = (fileId: string): string => `${API_BASE}/api/file/image/${fileId}`;

export const pdfUrl = (fileId: string): string => `${API_BASE}/api/file/pdf/${fileId}`;
