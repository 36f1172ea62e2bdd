import { SignJWT, errors, jwtVerify } from 'jose';
import { DomainError } from '@climbing/domain';

/** Access tokens are short-lived; the client renews them with PUT /api/token/renew while the session lives. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** Who a token speaks for: a user account, or an event's judge account (spec: Event.judgeAccount). */
export type TokenSubject = { kind: 'USER'; userId: number } | { kind: 'JUDGE_ACCOUNT'; judgeAccountId: number };

export interface AccessTokenClaims {
  subject: TokenSubject;
  /** The session row (a uuid) that logout and blocking revoke. */
  sessionId: string;
}

// A judge account's subject is prefixed so it can never be read as a user id.
const JUDGE_SUBJECT = /^judge:(\d{1,10})$/;
const USER_SUBJECT = /^\d{1,10}$/;

const encodeSubject = (subject: TokenSubject): string =>
  subject.kind === 'USER' ? String(subject.userId) : `judge:${subject.judgeAccountId}`;

function decodeSubject(value: unknown): TokenSubject | null {
  if (typeof value !== 'string') return null;
  if (USER_SUBJECT.test(value)) return { kind: 'USER', userId: Number(value) };
  const judge = JUDGE_SUBJECT.exec(value);
  return judge ? { kind: 'JUDGE_ACCOUNT', judgeAccountId: Number(judge[1]) } : null;
}

export interface AccessTokenSigner {
  sign(claims: AccessTokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Throws DomainError with MISSING_TOKEN, INVALID_TOKEN_SIGNATURE or INVALID_OR_EXPIRED_TOKEN. */
  verify(token: string): Promise<AccessTokenClaims>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAccessTokenSigner(secret: string, now: () => Date = () => new Date()): AccessTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ subject, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(encodeSubject(subject))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const subject = decodeSubject(payload.sub);
        const sessionId = payload.sid;
        if (!subject || typeof sessionId !== 'string' || !UUID.test(sessionId)) throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
        return { subject, sessionId };
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if (error instanceof errors.JWSSignatureVerificationFailed) throw new DomainError('INVALID_TOKEN_SIGNATURE');
        throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
      }
    },
  };
}
