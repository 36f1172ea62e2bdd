import { z } from 'zod';
import { emailField, requiredText } from '../../../lib/form-fields';

// The server's rule (apps/server/src/features/users/contact-routes.ts).
export const MESSAGE_MAX_LENGTH = 5000;
export const contactSchema = z.object({ email: emailField, message: requiredText(MESSAGE_MAX_LENGTH) });
