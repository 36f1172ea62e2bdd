import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredStringSchema } from '@climbing/domain';
import { requestLanguage } from '../../lib/request-language.ts';
import { queueMail } from '../mail/mail-service.ts';
import { CONTACT_MAIL } from '../mail/mail-templates.ts';
import { emailInput } from './user-schemas.ts';

const messageBody = z.object({ message: requiredStringSchema.max(5000, 'validation.maxSize'), email: emailInput });

/** POST /api/user/send-message: the contact form, delivered to the configured contact address. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/send-message',
    { schema: { tags: ['user'], summary: 'Send a contact-form message', body: messageBody, response: { 204: z.null() } } },
    async (request, reply) => {
      app.abuseLimits.perIp(request, 'contact');
      app.abuseLimits.perEmail('contact', request.body.email);
      await app.authorize(request, 'user:send-message');
      app.abuseLimits.mail(['contact-sender', request.body.email], ['contact-ip', request.ip]);
      const language = requestLanguage(request) === 'sk' ? 'SK' : 'EN';
      const content = CONTACT_MAIL[language]({ fromEmail: request.body.email, message: request.body.message });
      const mailId = await queueMail(app.db, { kind: 'CONTACT_MESSAGE', to: app.config.contactEmail, language, replyTo: request.body.email, ...content });
      await app.mail.deliver([mailId]);
      return reply.status(204).send(null);
    },
  );
};
