import { z } from 'zod';
import { guard as g } from '@climbing/domain';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { currentUserSchema, type CurrentUser } from './current-user';

export interface PersonBody {
  name: string;
  surname: string;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  phoneNumber: string | null;
  club: string | null;
  language: 'SK' | 'EN';
}

export type RegisterBody = PersonBody & {
  email: string;
  password: string;
  /** The country of the address, the only part of it asked at sign-up (the profile has the rest). */
  address?: { country: string } | null;
};

/** POST /api/user/register (sign-up). */
export const registerUser = (body: RegisterBody): Promise<CurrentUser> =>
  apiRequest('/api/user/register', { method: 'POST', body, schema: currentUserSchema });

export type ProfileBody = PersonBody & {
  email: string;
  /** Needed when `email` is another address: the change then waits for the link sent to it. */
  currentPassword?: string;
  sponsor: string | null;
  licenseId: string | null;
  address: { street: string | null; streetNumber: string | null; city: string | null; zipcode: string | null; country: string | null } | null;
};

/**
 * A registration a new birth date or sex did not reach (KEPT: in the qualification already or past
 * its roster) or that no longer fits its race (NO_LONGER_FITS): the racer tells the organiser.
 */
export const registrationToCheckSchema = g.object({
  registrationId: g.number(),
  raceId: g.number(),
  raceName: g.string(),
  eventId: g.number(),
  eventName: g.string(),
  ageCategoryName: g.nullable(g.string()),
  reason: g.oneOf(['KEPT', 'NO_LONGER_FITS']),
});
export type RegistrationToCheck = g.Infer<typeof registrationToCheckSchema>;

const registrationsToCheckSchema = g.object({ registrationsToCheck: g.withDefault(g.array(registrationToCheckSchema), []) });

/** The answer of PUT /api/user: the user (as GET /api/user) and the registrations to tell the organiser about. */
const updatedProfileSchema = {
  safeParse(value: unknown): g.ParseResult<{ user: CurrentUser; registrationsToCheck: RegistrationToCheck[] }> {
    const user = currentUserSchema.safeParse(value);
    if (!user.success) return user;
    const rest = registrationsToCheckSchema.safeParse(value);
    if (!rest.success) return rest;
    return { success: true, data: { user: user.data, registrationsToCheck: rest.data.registrationsToCheck } };
  },
};

/** PUT /api/user: the own profile, and the registrations the racer has to tell the organiser about. */
export const updateProfile = (body: ProfileBody): Promise<{ user: CurrentUser; registrationsToCheck: RegistrationToCheck[] }> =>
  apiRequest('/api/user', { method: 'PUT', body, schema: updatedProfileSchema });

/** POST /api/user/email-change/confirm: the link sent to the new address; answers the account's e-mail now. */
export const confirmEmailChange = (token: string): Promise<{ email: string }> =>
  apiRequest('/api/user/email-change/confirm', { method: 'POST', body: { token }, schema: z.object({ email: z.string() }) });

/** PUT /api/user/password. */
export const changePassword = (body: { currentPassword: string; newPassword: string }): Promise<void> =>
  apiRequest('/api/user/password', { method: 'PUT', body });

/** POST /api/user/profile-photo, multipart field multipartFile. */
export const uploadProfilePhoto = (file: File): Promise<CurrentUser> =>
  apiUpload('/api/user/profile-photo', file, { schema: currentUserSchema });

/** POST /api/user/forgot-password-reset: mails a reset link. */
export const requestPasswordReset = (email: string): Promise<void> =>
  apiRequest('/api/user/forgot-password-reset', { method: 'POST', body: { email } });

const resetInfoSchema = z.object({ valid: z.boolean(), email: z.string().nullable(), userId: z.number().nullable() });

/** GET /api/user/password-reset?token=: whether the e-mailed link still works. */
export const getPasswordResetInfo = (token: string, signal?: AbortSignal) =>
  apiRequest(`/api/user/password-reset?token=${encodeURIComponent(token)}`, { schema: resetInfoSchema, signal });

/** POST /api/user/password-reset. */
export const resetPassword = (body: { token: string; password: string }): Promise<void> =>
  apiRequest('/api/user/password-reset', { method: 'POST', body });

/** DELETE /api/user/{id}: deletes the own account (soft delete on the server; its sessions end at once). */
export const deleteAccount = (userId: number | string): Promise<void> =>
  apiRequest(`/api/user/${encodeURIComponent(String(userId))}`, { method: 'DELETE' });
