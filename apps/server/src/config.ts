import path from 'node:path';
import { z } from 'zod';
import { repositoryRoot } from './lib/server-root.ts';

/** Environment of the server, validated once at boot so a typo fails loudly instead of at the first request. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().email().optional(),
  /** Where contact-form messages go; defaults to ADMIN_EMAIL. */
  CONTACT_EMAIL: z.string().email().optional(),
  /** Requests per minute and IP to log in, register, reset a password or send a message. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Unset or "false": X-Forwarded-For is ignored. "true", or the addresses/CIDRs of the proxies to trust. */
  TRUST_PROXY: z.string().max(1000).optional(),
  /** Attempts per 15 minutes and e-mail address (failed logins, reset mails, registrations, messages). */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** A session ends this many hours after its last renewal (the web app renews while it is open). */
  SESSION_IDLE_HOURS: z.coerce.number().min(0.01).max(24 * 366).default(12),
  /** And at the latest this many days after the login, however busy (not for an event's judge login before its event ends). */
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(366).default(30),
  /** Lifetime of one access token; the web app renews it in the background well before it runs out. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(24 * 60 * 60).default(60 * 60),
  /** One-time registrations (no account) per 10 minutes from one address, the event's admins aside. */
  REGISTRATION_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** And per race from all addresses together. */
  REGISTRATION_LIMIT_PER_RACE: z.coerce.number().int().min(1).default(60),
  /** An open live stream of a race that is not public checks this often that its viewer may still see it. */
  LIVE_ACCESS_RECHECK_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  /** "true": every reply is validated by its schema and compared with the compiled serializer's output (default under Vitest). */
  CHECK_REPLIES: z.enum(['true', 'false']).optional(),
  /** "process": live streams are written by a process of their own (docs/judging-and-live.md); "inline": by the server's. */
  LIVE_FAN_OUT: z.enum(['process', 'inline']).default('process'),
  LIVE_FAN_OUT_CPUS: z
    .string()
    .regex(/^\d{1,4}(-\d{1,4})?(,\d{1,4}(-\d{1,4})?){0,63}$/, 'a list of CPU numbers and ranges, like 3 or 2-3,6')
    .optional(),
  /** The share of one core the fan-out process may spend writing live streams (docs/judging-and-live.md, "Fan-out process"). */
  LIVE_FAN_OUT_SHARE: z.coerce.number().min(0.05).max(1).default(0.6),
  /** Unset: no metrics. Set: GET /metrics answers Prometheus text to `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(500).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** Folder of the built web app; the API still works when it is missing. */
  webDistDir: string;
  /** Base URL put into links of e-mails (invitations, password resets). */
  publicUrl: string;
  /** Sender of every e-mail. */
  mailFrom: string;
  /** Recipient of contact-form messages. */
  contactEmail: string;
  /** Fastify's trustProxy: false unless TRUST_PROXY names the proxy in front (docs/security.md). */
  trustProxy: boolean | string[];
  /** One-time registrations per 10 minutes: per address and per race. */
  registrationLimits: { perAddress: number; perRace: number };
  /** How often an open live stream that needed a session checks the viewer's access again. */
  liveAccessRecheckMs: number;
  /** Limits of the abuse-prone public calls, kept in memory per instance. */
  authRateLimit: { perIpPerMinute: number; perEmailPer15Minutes: number };
  /** How long logins last (docs/security.md, "Sessions"). */
  session: { idleMs: number; maxMs: number; accessTokenTtlSeconds: number };
  /** The bearer token of GET /metrics; undefined: metrics are off (docs/deployment.md). */
  metricsToken: string | undefined;
  /** Validate replies with zod and compare with the compiled serializer (tests), instead of projecting only (lib/reply-serializer.ts). */
  checkReplies: boolean;
  /** Who writes the live streams: a fan-out process of their own, or the server's process (features/live/live-fan-out.ts). */
  liveFanOut: 'process' | 'inline';
  /** The CPUs the fan-out process is kept on (taskset's list), or undefined for any. */
  liveFanOutCpus: string | undefined;
  /** The share of the time the fan-out process spends writing streams, at most (0.05–1). */
  liveFanOutShare: number;
}


export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    jwtSecret: env.JWT_SECRET,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : path.join(repositoryRoot, 'apps/web/dist'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM ?? 'no-reply@climbing.local',
    contactEmail: env.CONTACT_EMAIL ?? env.ADMIN_EMAIL ?? 'admin@example.com',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registrationLimits: { perAddress: env.REGISTRATION_LIMIT_PER_ADDRESS, perRace: env.REGISTRATION_LIMIT_PER_RACE },
    liveAccessRecheckMs: Math.round(env.LIVE_ACCESS_RECHECK_SECONDS * 1000),
    authRateLimit: { perIpPerMinute: env.AUTH_RATE_LIMIT_PER_IP, perEmailPer15Minutes: env.AUTH_RATE_LIMIT_PER_EMAIL },
    session: {
      idleMs: Math.round(env.SESSION_IDLE_HOURS * 60 * 60 * 1000),
      maxMs: Math.round(env.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000),
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    },
    metricsToken: env.METRICS_TOKEN,
    liveFanOut: env.LIVE_FAN_OUT,
    liveFanOutCpus: env.LIVE_FAN_OUT_CPUS,
    liveFanOutShare: env.LIVE_FAN_OUT_SHARE,
    checkReplies: (env.CHECK_REPLIES ?? (process.env.VITEST === 'true' ? 'true' : 'false')) === 'true',
  };
}

/** TRUST_PROXY: unset, "" or "false" trusts nobody; "true" every hop; else a comma-separated list of the proxies' addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !/^[0-9a-fA-F:.]+(\/[0-9]{1,3})?$/.test(entry));
  if (bad) throw new Error(`Invalid environment: TRUST_PROXY: "${bad}" is not an address or CIDR`);
  return entries;
}
