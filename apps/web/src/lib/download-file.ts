import { ApiError, errorCodeForStatus, isErrorCode } from './api-error';
import { readAuthToken } from './auth-token';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const fileNameOf = (disposition: string | null, fallback: string): string => {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
};

/**
 * Downloads a file the API serves (CSV exports) with the bearer token, which a plain link cannot
 * send: fetched as a blob and saved under the server's file name.
 */
export const downloadFile = async (path: string, fallbackName: string, language: string): Promise<void> => {
  const headers = new Headers({ 'Accept-Language': language });
  const token = readAuthToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}${path}`, { headers });
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
