/**
 * What the live stream sends after a change: the rows of a results table that changed, not the
 * table (docs/judging-and-live.md, "Live stream"). The server diffs the table it last sent against
 * the new one; every viewer applies the patch to the table it holds. A single score sends that
 * racer's row plus, for each racer it passed, a short place entry: the bytes do not grow with the
 * size of the table.
 */

/** A results row as far as patching cares: identified by its racer, placed by rank. */
export interface PatchableRow {
  racer: { id: number };
  rank: number;
  categoryRank: number | null;
  tieBreak: string | null;
}

/** A row whose figures are unchanged but whose place is not: racer id, index, rank, category rank, tie-break. */
export type PlaceEntry = [racerId: number, index: number, rank: number, categoryRank: number | null, tieBreak: string | null];

export interface LivePatch<Row extends PatchableRow> {
  /** The version of the table this patch applies to. */
  base: number;
  /** The version of the table after it. */
  version: number;
  /** Rows in the table after the patch. */
  count: number;
  /** Rows that are new or whose figures changed, in full, with their index in the new table (`at`). */
  rows: Row[];
  at: number[];
  /** Rows whose figures are unchanged but whose index, rank, category rank or tie-break changed. */
  places: PlaceEntry[];
  /** Racers no longer in the table. */
  removed: number[];
}

/** One row as the diff compares it: its figures (without its place) serialized once. */
export interface RowFingerprint {
  index: number;
  figures: string;
  place: string;
}

const placeKey = (row: PatchableRow): string => `${row.rank}|${row.categoryRank ?? ''}|${row.tieBreak ?? ''}`;

/** The row serialized without its place fields, so a rank shift alone is not a changed row. */
const figuresOf = (row: PatchableRow): string => {
  const { rank: _rank, categoryRank: _categoryRank, tieBreak: _tieBreak, ...figures } = row;
  return JSON.stringify(figures);
};

/** Fingerprints of a table by racer id, or null when a racer appears twice (such a table is only ever sent whole). */
export function fingerprintRows(rows: readonly PatchableRow[]): Map<number, RowFingerprint> | null {
  const prints = new Map<number, RowFingerprint>();
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (prints.has(row.racer.id)) return null;
    prints.set(row.racer.id, { index, figures: figuresOf(row), place: placeKey(row) });
  }
  return prints;
}

/**
 * The patch that turns the table `previous` (its fingerprints) into `next`, or null when nothing
 * changed. Linear in the size of the tables.
 */
export function diffRows<Row extends PatchableRow>(
  previous: ReadonlyMap<number, RowFingerprint>,
  next: readonly Row[],
  nextPrints: ReadonlyMap<number, RowFingerprint>,
  versions: { base: number; version: number },
): LivePatch<Row> | null {
  const patch: LivePatch<Row> = { ...versions, count: next.length, rows: [], at: [], places: [], removed: [] };
  for (let index = 0; index < next.length; index += 1) {
    const row = next[index]!;
    const now = nextPrints.get(row.racer.id)!;
    const before = previous.get(row.racer.id);
    if (!before || before.figures !== now.figures) {
      patch.rows.push(row);
      patch.at.push(index);
    } else if (before.index !== index || before.place !== now.place) {
      patch.places.push([row.racer.id, index, row.rank, row.categoryRank, row.tieBreak]);
    }
  }
  for (const racerId of previous.keys()) if (!nextPrints.has(racerId)) patch.removed.push(racerId);
  const unchanged = patch.rows.length === 0 && patch.places.length === 0 && patch.removed.length === 0;
  return unchanged ? null : patch;
}

/**
 * Applies a patch to the table it was made from. Rows the patch does not name keep their index;
 * returns null when the patch does not fit the table (a row it names is missing or a slot stays
 * empty): the viewer then reads the whole table again.
 */
export function applyPatch<Row extends PatchableRow>(previous: readonly Row[], patch: LivePatch<Row>): Row[] | null {
  const byId = new Map<number, Row>();
  for (const row of previous) byId.set(row.racer.id, row);
  const table: (Row | undefined)[] = new Array<Row | undefined>(patch.count);
  const named = new Set<number>(patch.removed);
  for (let position = 0; position < patch.rows.length; position += 1) {
    const row = patch.rows[position]!;
    const index = patch.at[position];
    if (index === undefined || index < 0 || index >= patch.count) return null;
    table[index] = row;
    named.add(row.racer.id);
  }
  for (const [racerId, index, rank, categoryRank, tieBreak] of patch.places) {
    const row = byId.get(racerId);
    if (!row || index < 0 || index >= patch.count) return null;
    table[index] = { ...row, rank, categoryRank, tieBreak };
    named.add(racerId);
  }
  for (let index = 0; index < previous.length; index += 1) {
    const row = previous[index]!;
    if (named.has(row.racer.id)) continue;
    if (index >= patch.count || table[index] !== undefined) return null;
    table[index] = row;
  }
  for (let index = 0; index < patch.count; index += 1) if (table[index] === undefined) return null;
  return table as Row[];
}

/** A results table as a viewer holds it. */
export interface LiveTable<Row extends PatchableRow> {
  version: number;
  rows: Row[];
}

/**
 * A viewer's table after one live event: a `results` event replaces it, a `patch` applies to it.
 * A patch older than the table is ignored; one made from another version, or that does not fit,
 * answers 'resync': the viewer then reads the whole table again (a new stream starts with it).
 */
export function foldLiveEvent<Row extends PatchableRow>(
  held: LiveTable<Row> | undefined,
  event: { kind: 'results'; version: number; rows: Row[] } | ({ kind: 'patch' } & LivePatch<Row>),
): LiveTable<Row> | 'resync' {
  if (event.kind === 'results') return { version: event.version, rows: event.rows };
  if (held && event.version <= held.version) return held;
  if (!held || event.base !== held.version) return 'resync';
  const rows = applyPatch(held.rows, event);
  return rows ? { version: event.version, rows } : 'resync';
}
