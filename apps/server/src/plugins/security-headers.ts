import type { FastifyInstance } from 'fastify';
import { DomainError } from '@climbing/domain';
import { RateLimiter } from '../lib/rate-limiter.ts';

/**
 * docs/security.md, headers: one Content-Security-Policy for the web app, the API and the API docs.
 * No inline or foreign script may run; styles may be inline because Mantine writes its CSS
 * variables into a <style> element and positions popovers with style attributes. Images may be
 * data: or blob: URLs (QR codes, previews of a chosen logo). No page may be framed: there is no
 * embeddable page. Violations are reported to /api/csp-report.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'report-uri /api/csp-report',
].join('; ');

const STATIC_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // The check-in desk scans QR codes with the camera; nothing else needs a device.
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
};

/** Two years, the preload lists' minimum; only sent over HTTPS (a browser ignores it over HTTP). */
const HSTS = 'max-age=63072000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(STATIC_HEADERS);
    // `protocol` is the socket's unless TRUST_PROXY lets a proxy's X-Forwarded-Proto say https.
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}

const REPORT_BODY_LIMIT_BYTES = 16 * 1024;
const REPORTS_PER_MINUTE_PER_ADDRESS = 30;
const LOGGED_TEXT_MAX = 200;

/** A report field as logged: text only, cut short (a report is written by the browser, or by anyone). */
const loggable = (value: unknown): string | undefined => (typeof value === 'string' ? value.slice(0, LOGGED_TEXT_MAX) : undefined);

/** An address without its query and fragment: the pages of e-mailed links carry their token there (/set-password?token=...). */
const loggableUrl = (value: unknown): string | undefined => loggable(typeof value === 'string' ? value.replace(/[?#].*$/s, '') : value);

/** The fields of a `report-uri` report (`csp-report`) or of a Reporting API report (`body`). */
function violationOf(report: unknown): Record<string, string | undefined> | null {
  const entry = Array.isArray(report) ? report[0] : report;
  if (entry === null || typeof entry !== 'object') return null;
  const raw = (entry as Record<string, unknown>)['csp-report'] ?? (entry as Record<string, unknown>).body;
  if (raw === null || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  return {
    directive: loggable(fields['violated-directive'] ?? fields['effectiveDirective'] ?? fields['effective-directive']),
    blocked: loggableUrl(fields['blocked-uri'] ?? fields['blockedURL']),
    page: loggableUrl(fields['document-uri'] ?? fields['documentURL']),
  };
}

/**
 * POST /api/csp-report: browsers report what the policy refused; the server logs it as a warning
 * (short, text only) so an operator sees a broken page or an injection attempt. Anyone may call
 * it, so it takes small bodies only and a few reports per address and minute.
 */
export async function cspReportRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new RateLimiter();
  const parseJson = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new DomainError('VALIDATION_FAILED'));
    }
  };
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT_BYTES }, parseJson);
  app.post('/api/csp-report', { bodyLimit: REPORT_BODY_LIMIT_BYTES, schema: { hide: true } }, async (request, reply) => {
    limiter.hit(`csp:${request.ip}`, REPORTS_PER_MINUTE_PER_ADDRESS, 60_000);
    const violation = violationOf(request.body);
    if (!violation) throw new DomainError('VALIDATION_FAILED');
    request.log.warn({ cspViolation: violation }, 'content security policy violation');
    return reply.status(204).send();
  });
}
