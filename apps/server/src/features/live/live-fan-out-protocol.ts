/** The messages between the server and its fan-out process (live-fan-out.ts, live-fan-out-process.ts). */

/** The variable that gives the fan-out process its PostgreSQL (empty: the server computes the updates and sends their frames). */
export const FAN_OUT_DATABASE_URL = 'CLIMBING_FAN_OUT_DATABASE_URL';

/** From the server. Frames are `[stage, encoded SSE frame]`; a stream with a stage filter gets only its stages' frames. */
export type FanOutRequest =
  /**
   * Takes over a connection (the socket comes with the message): writes the head, `retry` and the
   * whole tables; `tables` null where the process computes its races' updates (it reads them).
   */
  | { type: 'adopt'; id: number; raceId: number; stages: string[] | null; head: string; tables: [string, Uint8Array][] | null }
  /**
   * Writes the frames of one update to every stream of the race (where the process does not compute
   * them); answered by `done` with the same `seq`.
   */
  | { type: 'frames'; seq: number; raceId: number; frames: [string, Uint8Array][] }
  /** Ends one stream, after writing `frame` if given (the viewer's access ended). */
  | { type: 'end'; id: number; frame?: string }
  /** Ends every stream (the server is shutting down); answered by `endedAll`. */
  | { type: 'endAll' };

/**
 * From the fan-out process. `stats` counts the bytes written and the streams dropped for not
 * reading since the last one, and how long each update since then took to reach all its streams.
 */
export type FanOutReport =
  | { type: 'ready' }
  | { type: 'closed'; id: number }
  | { type: 'done'; seq: number }
  | { type: 'stats'; bytes: number; dropped: number; deliveredMs: number[] }
  | { type: 'endedAll' };
