import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { LanguageCode } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { mailOutbox, type MailAttachment, type MailKind } from '../../db/schema/index.ts';
import type { MailContent } from './mail-templates.ts';

export interface OutgoingMail extends MailContent {
  kind: MailKind;
  to: string;
  language: LanguageCode;
  replyTo?: string;
  /** An HTML alternative; build it with `htmlMail` so every value is escaped. */
  html?: string;
  attachments?: MailAttachment[];
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Sends queued outbox rows after their transaction committed; never throws. */
      deliver(ids: readonly number[]): Promise<void>;
      /**
       * The same without waiting for the mail server, for answers whose timing must not tell
       * whether an e-mail went out (forgot-password). Awaited when the server closes.
       */
      deliverInBackground(ids: readonly number[]): void;
      /** Resolves once every background delivery started so far has finished (shutdown, tests). */
      idle(): Promise<void>;
      /** Sends again what is still unsent (a failed SMTP attempt, a crash before sending); returns how many were tried. */
      retryPending(): Promise<number>;
    };
  }
}

/**
 * Writes the e-mail to the outbox inside the caller's transaction, so an invitation and its e-mail
 * are stored together or not at all. Sending happens after the commit (`app.mail.deliver`).
 */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<number> {
  const text = mail.replyTo ? `${mail.text}\n--\nReply-To: ${mail.replyTo}\n` : mail.text;
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, to: mail.to, subject: mail.subject, text, language: mail.language, html: mail.html ?? null, attachments: mail.attachments ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail outbox insert returned no row');
  return row.id;
}

/** A mail server that is down for a while does not lose e-mails: unsent rows are tried again. */
const RETRY_INTERVAL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
/** Rows younger than this are still being sent by the request that queued them. */
const RETRY_MIN_AGE_MS = 30_000;
const RETRY_BATCH = 50;

/** Limits how long a user waits for a slow or dead mail server; the row keeps the failure. */
const SMTP_TIMEOUT_MS = 10_000;

/** Nodemailer reads options from the URL's query; ours are defaults, so the URL's own values win. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  return url.toString();
}

/**
 * With SMTP_URL every queued e-mail is sent by nodemailer and marked sent; a failure is recorded
 * on the row (`error`, `attempts`) and logged, never answered with a 500: the user's action has
 * already been committed. Without SMTP the outbox row is the record and a log line says so.
 */
export function registerMail(app: FastifyInstance): void {
  let transport: Transporter | null = null;
  if (app.config.smtpUrl) {
    transport = nodemailer.createTransport(withTimeouts(app.config.smtpUrl), { from: app.config.mailFrom });
    const configured = transport;
    app.addHook('onClose', async () => configured.close());
  }

  async function deliver(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const rows = await app.db.select().from(mailOutbox).where(and(inArray(mailOutbox.id, [...ids]), isNull(mailOutbox.sentAt)));
      for (const row of rows) {
        if (!transport) {
          app.log.info({ mailId: row.id, kind: row.kind, to: row.to, subject: row.subject }, 'e-mail kept in the outbox (no SMTP_URL configured)');
          continue;
        }
        try {
          await transport.sendMail({
            from: app.config.mailFrom,
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
            ...(row.attachments?.length
              ? {
                  attachments: row.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    content: Buffer.from(file.content, 'base64'),
                    ...(file.cid ? { cid: file.cid, contentDisposition: 'inline' as const } : {}),
                  })),
                }
              : {}),
          });
          await app.db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          app.log.warn({ mailId: row.id, err: error }, 'sending an e-mail failed');
          await app.db
            .update(mailOutbox)
            .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: message.slice(0, 1000) })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    } catch (error) {
      app.log.error({ err: error }, 'e-mail delivery failed');
    }
  }

  async function retryPending(): Promise<number> {
    if (!transport) return 0;
    const rows = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS), lt(mailOutbox.createdAt, new Date(Date.now() - RETRY_MIN_AGE_MS))))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(RETRY_BATCH);
    await deliver(rows.map((row) => row.id));
    return rows.length;
  }

  if (transport) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void retryPending().catch((error: unknown) => app.log.warn({ err: error }, 'retrying e-mails failed')), RETRY_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const inFlight = new Set<Promise<void>>();
  const deliverInBackground = (ids: readonly number[]) => {
    const delivery = deliver(ids).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  const idle = async () => {
    await Promise.allSettled([...inFlight]);
  };
  app.addHook('onClose', idle);

  app.decorate('mail', { deliver, deliverInBackground, idle, retryPending });
}
