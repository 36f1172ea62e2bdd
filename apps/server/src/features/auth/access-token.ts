import { SignJWT, errors, jwtVerify } from 'jose';
import { DomainError } from '@climbing/domain';

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
  /**
   * The same check without the token's expiry, for PUT /api/token/renew: a token that ran out
   * while its session lives (a laptop asleep, a phone in a pocket) may still be renewed. The
   * session row is the guard then: revoked or expired sessions are refused by the caller.
   */
  verifyForRenewal(token: string): Promise<AccessTokenClaims>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Longer than any session can live (SESSION_MAX_DAYS is at most 366): the session decides.
const RENEWAL_TOLERANCE_SECONDS = 400 * 24 * 60 * 60;

export interface AccessTokenOptions {
  ttlSeconds: number;
  now?: () => Date;
}

export function createAccessTokenSigner(secret: string, { ttlSeconds, now = () => new Date() }: AccessTokenOptions): AccessTokenSigner {
  const key = new TextEncoder().encode(secret);
  const verify = async (token: string, clockTolerance: number): Promise<AccessTokenClaims> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now(), clockTolerance });
      const subject = decodeSubject(payload.sub);
      const sessionId = payload.sid;
      if (!subject || typeof sessionId !== 'string' || !UUID.test(sessionId)) throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
      return { subject, sessionId };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof errors.JWSSignatureVerificationFailed) throw new DomainError('INVALID_TOKEN_SIGNATURE');
      throw new DomainError('INVALID_OR_EXPIRED_TOKEN');
    }
  };
  return {
    async sign({ subject, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(encodeSubject(subject))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    verify: (token) => verify(token, 0),
    verifyForRenewal: (token) => verify(token, RENEWAL_TOLERANCE_SECONDS),
  };
}
