import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import { MAIL_KINDS } from '../../db/schema/enums.ts';

/** The newest rows only: the page is for reading recent mails on installations without SMTP. */
export const OUTBOX_PAGE_SIZE = 200;

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * GET /api/admin/outbox: the e-mail outbox, newest first, for super admins. Without SMTP_URL the
 * outbox is the only record of invitations and reset links, so an operator must be able to read it.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/outbox',
    {
      schema: { tags: ['admin'], summary: 'E-mail outbox, newest first (super admin)', security: [{ bearerAuth: [] }], response: { 200: z.array(outboxEntrySchema) } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.authorize(request, 'mail:read-outbox');
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(OUTBOX_PAGE_SIZE);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to,
        subject: row.subject,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        error: row.error,
      }));
    },
  );
};
