// Spec section 7: images by GET /api/file/image/{id}, PDFs by GET /api/file/pdf/{id}.
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

export const imageUrl = (fileId: number): string => `${API_BASE}/api/file/image/${fileId}`;

export const pdfUrl = (fileId: number): string => `${API_BASE}/api/file/pdf/${fileId}`;
