import { ApiError, errorCodeForStatus, isErrorCode } from './api-error';
import { sessionHeaders } from './api-client';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const fileNameOf = (disposition: string | null, fallback: string): string => {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
};

/**
 * Downloads a file the API serves (CSV exports) with the session and the page's language, which
 * a plain link cannot send: fetched as a blob and saved under the server's file name.
 */
export const downloadFile = async (path: string, fallbackName: string, language: string): Promise<void> => {
  const response = await fetch(`${API_BASE}${path}`, { credentials: 'include', headers: { 'Accept-Language': language, ...sessionHeaders() } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = isErrorCode(body?.error?.code) ? body.error.code : errorCodeForStatus(response.status);
    throw new ApiError(code, response.status, code);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
