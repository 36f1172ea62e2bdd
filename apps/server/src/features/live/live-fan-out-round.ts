/**
 * How the fan-out process (live-fan-out-process.ts) shares its time out among its streams: a
 * round. Writing a frame to a socket costs the kernel several microseconds whatever the frame's
 * size; ten thousand streams written in full on every update took a whole core from the judges'
 * requests and the database on the same machine. So each race keeps a log of its updates not yet
 * written to all its streams, and the streams are written in turn: every `tickMs` the next streams
 * that are behind are written for `writingMs` at most, each with every update it has not had yet,
 * in one write. With many streams a write carries several updates and an update reaches every
 * stream within one round; with few streams, the first turn writes them all at once. Kept apart
 * from the process's sockets and messages so that its timing can be tested with a clock of the
 * test's own.
 */

/** What the round needs of one stream. */
export interface RoundStream {
  readonly raceId: number;
  readonly stages: ReadonlySet<string> | null;
  /** Writes frames as one write (several frames: corked); false when the stream is over. */
  write(frames: readonly Buffer[]): boolean;
}

export interface FanOutRound<S extends RoundStream> {
  /** A new stream of a race: it has had every update so far (its whole tables include them). */
  add(stream: S): void;
  /** A stream that ended: it leaves the round. */
  remove(stream: S): void;
  /** An update of a race: its frames by stage, written to each of the race's streams in its turn. */
  update(raceId: number, frames: Iterable<readonly [stage: string, frame: Buffer]>): void;
  /** Writes the stream every update it has not had yet, now (before its end); whether anything was written. */
  catchUp(stream: S): boolean;
  /** Streams in the round. */
  readonly size: number;
  /** Frames kept for streams behind, over all races (tests, metrics). */
  readonly framesKept: number;
}

export interface RoundTiming {
  tickMs: number;
  writingMs: number;
  now(): number;
  /** Calls `turn` after `ms`; answers how to cancel it. */
  schedule(turn: () => void, ms: number): () => void;
  /**
   * How long an update took to reach every stream of its race, measured when a round or the rest
   * after it shows it has (so at most one round late): for the metrics.
   */
  onDelivered?(ms: number): void;
}

interface RaceLog<S> {
  /** The absolute index of `frames[0]`. */
  base: number;
  frames: [stage: string, frame: Buffer][];
  streams: Set<S>;
}

interface Place {
  /** The absolute index of the next frame of its race's log the stream has not had. */
  position: number;
  /** Its index in `order`. */
  slot: number;
}

export function createFanOutRound<S extends RoundStream>(timing: RoundTiming): FanOutRound<S> {
  const logs = new Map<number, RaceLog<S>>();
  const places = new Map<S, Place>();
  /** The streams in the order of the round; an ended one leaves a hole until the round starts again. */
  let order: (S | null)[] = [];
  let cursor = 0;
  let cancelTurn: (() => void) | null = null;
  /** When the updates not yet known to have reached every stream came, oldest first. */
  let arrivals: number[] = [];
  /** How many of `arrivals` came before the round in progress started: they reach every stream in it. */
  let beforeRound = 0;

  const delivered = (count: number): void => {
    const now = timing.now();
    for (let index = 0; index < count; index += 1) timing.onDelivered?.(now - arrivals[index]!);
    arrivals = arrivals.slice(count);
  };

  const logEnd = (log: RaceLog<S>): number => log.base + log.frames.length;

  const catchUp = (stream: S): boolean => {
    const place = places.get(stream);
    const log = logs.get(stream.raceId);
    if (!place || !log || place.position >= logEnd(log)) return false;
    const frames: Buffer[] = [];
    for (let index = place.position - log.base; index < log.frames.length; index += 1) {
      const [stage, frame] = log.frames[index]!;
      if (!stream.stages || stream.stages.has(stage)) frames.push(frame);
    }
    place.position = logEnd(log);
    return frames.length > 0 && stream.write(frames);
  };

  /** The round starts again: ended streams leave the order, and updates every stream has had leave the logs. */
  const newRound = (): void => {
    delivered(beforeRound);
    beforeRound = arrivals.length;
    const open = order.filter((stream): stream is S => stream !== null);
    open.forEach((stream, slot) => (places.get(stream)!.slot = slot));
    order = open;
    cursor = 0;
    for (const log of logs.values()) {
      let oldest = logEnd(log);
      for (const stream of log.streams) oldest = Math.min(oldest, places.get(stream)!.position);
      if (oldest > log.base) {
        log.frames.splice(0, oldest - log.base);
        log.base = oldest;
      }
    }
  };

  /**
   * One turn: the next streams that are behind are written for `writingMs`; the next turn starts
   * `tickMs` after this one did. Updates arrive between turns only, so a turn that has looked at
   * every stream leaves them all up to date, and the round rests until the next update.
   */
  const turn = (): void => {
    cancelTurn = null;
    const started = timing.now();
    const total = order.length;
    let examined = 0;
    let written = 0;
    while (examined < total) {
      // The clock is read every few writes: a write costs microseconds.
      if (written % 8 === 7 && timing.now() - started >= timing.writingMs) break;
      if (cursor >= order.length) newRound();
      if (cursor >= order.length) break;
      const stream = order[cursor++];
      examined += 1;
      if (stream && catchUp(stream)) written += 1;
    }
    if (examined >= total) {
      // Every stream is up to date: the round rests.
      delivered(arrivals.length);
      beforeRound = 0;
      return;
    }
    cancelTurn = timing.schedule(turn, Math.max(0, timing.tickMs - (timing.now() - started)));
  };

  return {
    add(stream) {
      const log = logs.get(stream.raceId) ?? { base: 0, frames: [], streams: new Set<S>() };
      logs.set(stream.raceId, log);
      log.streams.add(stream);
      places.set(stream, { position: logEnd(log), slot: order.length });
      order.push(stream);
    },
    remove(stream) {
      const place = places.get(stream);
      if (!place) return;
      places.delete(stream);
      order[place.slot] = null;
      const log = logs.get(stream.raceId);
      log?.streams.delete(stream);
      if (log?.streams.size === 0) logs.delete(stream.raceId);
      if (places.size === 0) {
        cancelTurn?.();
        cancelTurn = null;
        order = [];
        cursor = 0;
        arrivals = [];
        beforeRound = 0;
      }
    },
    update(raceId, frames) {
      // Nobody follows the race here: a stream added later starts from tables that include it.
      const log = logs.get(raceId);
      if (!log) return;
      for (const [stage, frame] of frames) log.frames.push([stage, frame]);
      arrivals.push(timing.now());
      cancelTurn ??= timing.schedule(turn, 0);
    },
    catchUp,
    get size() {
      return places.size;
    },
    get framesKept() {
      let count = 0;
      for (const log of logs.values()) count += log.frames.length;
      return count;
    },
  };
}
