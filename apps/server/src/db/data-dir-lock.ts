import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One writer per data directory. PGlite is PostgreSQL in this process: a second process on the
 * same files hands out the same ids and loses its writes on the next start, so the embedded
 * database takes an exclusive lock file first (`<dir>/.lock`, created with O_EXCL).
 *
 * The file holds the owner's pid, host and boot id. A lock whose owner is gone (killed, the
 * machine rebooted, another host's dead container) is stale and taken over: the stale file is
 * renamed away first (rename is atomic, so of two processes taking over only one wins) and its
 * content checked, so a lock written in between is never removed by mistake.
 */

export const LOCK_FILE_NAME = '.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  bootId: string | null;
  startedAt: string;
  /** What holds it: `server` (npm start), `demo` (npm run demo). */
  purpose: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly directory: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${directory} is in use by another process (${owner.purpose}, pid ${owner.pid} on ${owner.hostname}, since ${owner.startedAt}); ` +
        'stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'an unknown time',
      purpose: typeof value.purpose === 'string' ? value.purpose : 'a process',
    };
  } catch {
    return null;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the recorded owner may still be running. A lock from another host cannot be checked
 * and counts as held (a shared volume): the operator removes it by hand, as the message says.
 */
export function ownerIsAlive(owner: LockOwner, here: { hostname: string; bootId: string | null } = { hostname: os.hostname(), bootId: readBootId() }): boolean {
  if (owner.hostname !== here.hostname) return true;
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return false;
  if (owner.pid === process.pid) return false;
  return processIsAlive(owner.pid);
}

function tryCreate(file: string, owner: LockOwner): boolean {
  try {
    const descriptor = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeFileSync(descriptor, JSON.stringify(owner));
      fs.fsyncSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readLock(file: string): { text: string; owner: LockOwner | null } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return { text, owner: parseOwner(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Moves a stale lock away; false when someone else changed the file first. */
function takeOverStale(file: string, staleText: string): boolean {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved === staleText) {
    fs.rmSync(aside, { force: true });
    return true;
  }
  // A live lock was written between our read and the rename: put it back (never over a newer one).
  try {
    fs.linkSync(aside, file);
  } catch {
    // A third process created a lock meanwhile; the one we moved is then out of the game anyway.
  }
  fs.rmSync(aside, { force: true });
  return false;
}

export function acquireDataDirLock(directory: string, purpose: string): DataDirLock {
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), bootId: readBootId(), startedAt: new Date().toISOString(), purpose };
  const ownText = JSON.stringify(owner);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file, owner)) {
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          const current = readLock(file);
          if (current?.text === ownText) fs.rmSync(file, { force: true });
        },
      };
    }
    const current = readLock(file);
    if (!current) continue;
    // An unreadable lock (a crash between create and write) is as stale as a dead owner.
    if (current.owner && ownerIsAlive(current.owner)) throw new DataDirLockedError(directory, current.owner);
    takeOverStale(file, current.text);
  }
  const last = readLock(file)?.owner;
  throw new DataDirLockedError(directory, last ?? { pid: 0, hostname: os.hostname(), bootId: null, startedAt: 'an unknown time', purpose: 'another process' });
}
