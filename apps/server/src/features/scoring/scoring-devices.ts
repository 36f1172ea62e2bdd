import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { DEVICE_REPORT_INTERVAL_MS } from '@climbing/domain';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { judgeAccounts, scoreAuditLog, scoringDevices, users } from '../../db/schema/index.ts';

/** A judge's device as its last report left it (issue 12). */
export const deviceView = z.object({
  deviceId: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  judgeAccountId: z.number().int().nullable(),
  judgeLogin: z.string().nullable(),
  /** Score entries the device holds that the server has not received. */
  pending: z.number().int(),
  oldestPendingAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Its last report or its last score write, whichever came later. */
  lastSeenAt: z.string(),
});

export type ScoringDeviceView = z.infer<typeof deviceView>;

/**
 * A judge's scorecard reports its queue every DEVICE_REPORT_INTERVAL_MS while it is open. A device
 * not heard from for three reports is offline or its scorecard is closed: what it holds since its
 * last report is unknown. Devices last seen more than half a day ago are another day's.
 */
export const DEVICE_SILENT_AFTER_MS = 3 * DEVICE_REPORT_INTERVAL_MS;
const DEVICE_OF_TODAY_MS = 12 * 60 * 60 * 1000;

/**
 * The judges' devices that reported on a race, those with unsent entries first, then the most
 * recently seen. `waitingOnly` keeps the devices with unsent entries; `silentOnly` those whose last
 * report had nothing unsent but which have not reported since (DEVICE_SILENT_AFTER_MS), today. The
 * organiser's rounds page (GET /api/race/{raceId}/scoring-devices) and the preview of a race step
 * read the same list.
 */
export async function raceDevices(db: Executor, raceId: number, options: { waitingOnly?: boolean; silentOnly?: boolean } = {}): Promise<ScoringDeviceView[]> {
  const now = Date.now();
  // A score the device sent is heard from it too: a walkthrough's judge had sent at 12:53 and was
  // listed "not heard from since 12:50", its last report.
  const lastWrite = sql<Date | null>`(select max(${scoreAuditLog.at}) from ${scoreAuditLog} where ${scoreAuditLog.raceId} = ${scoringDevices.raceId} and ${scoreAuditLog.deviceId} = ${scoringDevices.deviceId})`;
  const lastHeard = sql<Date>`greatest(${scoringDevices.lastSeenAt}, ${lastWrite})`;
  const silent = options.silentOnly
    ? and(eq(scoringDevices.pending, 0), lt(lastHeard, new Date(now - DEVICE_SILENT_AFTER_MS)), gt(lastHeard, new Date(now - DEVICE_OF_TODAY_MS)))
    : undefined;
  const rows = await db
    .select({ device: scoringDevices, heard: sql<string | Date>`${lastHeard}`, name: users.name, surname: users.surname, login: judgeAccounts.login })
    .from(scoringDevices)
    .leftJoin(users, eq(users.id, scoringDevices.userId))
    .leftJoin(judgeAccounts, eq(judgeAccounts.id, scoringDevices.judgeAccountId))
    .where(and(eq(scoringDevices.raceId, raceId), options.waitingOnly ? gt(scoringDevices.pending, 0) : undefined, silent))
    .orderBy(desc(sql`${scoringDevices.pending} > 0`), desc(lastHeard));
  return rows.map(({ device, heard, name, surname, login }) => ({
    deviceId: device.deviceId,
    userId: device.userId,
    userName: name === null ? null : `${name} ${surname ?? ''}`.trim(),
    judgeAccountId: device.judgeAccountId,
    judgeLogin: login,
    pending: device.pending,
    oldestPendingAt: device.oldestPendingAt?.toISOString() ?? null,
    lastSyncedAt: device.lastSyncedAt?.toISOString() ?? null,
    lastSeenAt: new Date(heard).toISOString(),
  }));
}
