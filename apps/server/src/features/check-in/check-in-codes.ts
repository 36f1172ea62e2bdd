import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    checkInCodes: CheckInCodes;
  }
}

/**
 * The code on a racer's registration confirmation (QR on the board and in the e-mail, and typed
 * at the desk when no camera can read it): the registration id and a signature over the race and
 * the registration, so it cannot be guessed or turned into another racer's, and it checks in to
 * its own race only. Nothing is stored; the server's secret signs it (derived from JWT_SECRET).
 */
export interface CheckInCodes {
  codeFor(raceId: number, registrationId: number): string;
  /** The registration id a typed or scanned code stands for in this race, or null. */
  registrationOf(raceId: number, code: string): number | null;
  /** The registration id a code names, not yet checked against any race's signature (to find the race it may be of). */
  claimedRegistrationOf(code: string): number | null;
}

// Crockford's base32: no I, L, O or U, so a typed code has no look-alike letters.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SIGNATURE_CHARS = 10;
const CODE = /^(\d{1,10})-?([0-9A-Z]{5})-?([0-9A-Z]{5})$/;

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= length) break;
  }
  return out;
}

/** What people type: any case, spaces, O for 0, I and L for 1. */
const normalise = (code: string): string =>
  code
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

/** The registration id and signature a code is made of, or null when it is no code. */
function parse(code: string): { registrationId: number; mac: string } | null {
  const match = CODE.exec(normalise(code.slice(0, 64)));
  if (!match) return null;
  const registrationId = Number(match[1]);
  if (!Number.isSafeInteger(registrationId) || registrationId < 1 || registrationId > 2_147_483_647) return null;
  return { registrationId, mac: `${match[2]}${match[3]}` };
}

export function createCheckInCodes(secret: string): CheckInCodes {
  const key = crypto.createHmac('sha256', secret).update('climbing check-in codes v1').digest();
  const signature = (raceId: number, registrationId: number) =>
    base32(crypto.createHmac('sha256', key).update(`${raceId}:${registrationId}`).digest(), SIGNATURE_CHARS);
  return {
    codeFor(raceId, registrationId) {
      const mac = signature(raceId, registrationId);
      return `${registrationId}-${mac.slice(0, 5)}-${mac.slice(5)}`;
    },
    claimedRegistrationOf: (code) => parse(code)?.registrationId ?? null,
    registrationOf(raceId, code) {
      const match = parse(code);
      if (!match) return null;
      const { registrationId } = match;
      const expected = Buffer.from(signature(raceId, registrationId));
      const given = Buffer.from(match.mac);
      return crypto.timingSafeEqual(expected, given) ? registrationId : null;
    },
  };
}

export function registerCheckInCodes(app: FastifyInstance, secret: string): void {
  app.decorate('checkInCodes', createCheckInCodes(secret));
}
