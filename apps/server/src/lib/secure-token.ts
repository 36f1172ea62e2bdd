import crypto from 'node:crypto';

/** A random token for links in e-mails (invitations, password resets): 256 bits, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Only this hash is stored, so a database dump cannot be used to accept an invitation or reset a password. */
export const sha256Hex = (value: string | Uint8Array): string => crypto.createHash('sha256').update(value).digest('hex');
