import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type Blocker } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { EntryChoice, EntryDialogProps } from './entry-dialog';

/*
 * A judge's entry is never dropped silently. A card holding a value the judge typed or changed and
 * did not save (a speed run's time, a lead route, a boulder correction) tells the page; whatever
 * would take the card away (another racer, the next racer, another stage, route, run or boulder, a
 * changed entry's "Open", a link or the browser's back button) asks first, naming the racer and the
 * value: Save (through the same checks as the card's Save button), Discard or Stay.
 */

/** A question a card asks before it saves: the same time as another racer's, clearing a stored height. */
export interface EntryQuestion {
  text: string;
  yes: string;
  no: string;
  /** The dialog's box, for the tests. */
  testId: string;
}

/** What the card's Save would do with the value as it is now. */
export type EntryCheck =
  /** Nothing to ask: `commit` puts the entry into the device's queue. */
  | { kind: 'ready'; commit: () => void }
  /** Saved only once the judge answers yes. */
  | { kind: 'ask'; question: EntryQuestion; commit: () => void }
  /** Cannot be saved as it is; the card shows why under its field, `problem` says it in the dialog. */
  | { kind: 'invalid'; problem: string };

/** A value on the open card that is not saved. */
export interface UnsavedEntry {
  /** "14 · Ľuboš Horák" */
  racer: string;
  /** "Lane B", "Route 1", "Boulder 2" */
  target: string;
  /** The value as the judge left it: "6.900", "36+ · 2:50", "T2 Z1 (3)", or the text typed. */
  value: string;
  /** The card's Save, checks included; it never saves by itself. */
  check: () => EntryCheck;
}

export interface UnsavedEntryGuard {
  /** The card `id` holds this unsaved value (null: nothing unsaved). */
  register: (id: string, entry: UnsavedEntry | null) => void;
  /** Runs `go` at once when nothing is unsaved, otherwise after the judge saved or discarded the value. */
  leave: (go: () => void) => void;
  /** Asks the card's question; `onYes` saves. */
  ask: (question: EntryQuestion, onYes: () => void) => void;
}

const GuardContext = createContext<UnsavedEntryGuard | null>(null);

/** Without the scorecard page around (a card drawn on its own): nothing to guard, nothing to ask with. */
const NO_GUARD: UnsavedEntryGuard = {
  register: () => undefined,
  leave: (go) => go(),
  ask: () => {
    throw new Error('A scorecard card asks its questions through the scorecard page (UnsavedEntryProvider).');
  },
};

export const useUnsavedEntryGuard = (): UnsavedEntryGuard => useContext(GuardContext) ?? NO_GUARD;

/** Gives the page's guard to the cards inside it. */
export function UnsavedEntryProvider({ guard, children }: { guard: UnsavedEntryGuard; children: ReactNode }) {
  return <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>;
}

/**
 * Tells the page what the card holds unsaved, after every render (the entry's `check` then sees
 * the card's newest state), and that it holds nothing once it is gone.
 */
export function useUnsavedEntry(entry: UnsavedEntry | null): void {
  const guard = useUnsavedEntryGuard();
  const id = useId();
  useLayoutEffect(() => guard.register(id, entry));
  useLayoutEffect(() => () => guard.register(id, null), [guard, id]);
}

/** The card's Save button: saves, asks the card's question first, or leaves the card to show why it cannot. */
export function submitEntry(guard: UnsavedEntryGuard, check: EntryCheck): void {
  if (check.kind === 'ready') check.commit();
  else if (check.kind === 'ask') guard.ask(check.question, check.commit);
}

// The dialog (Mantine's Modal) is downloaded once the judge has typed something, not with the page (docs/performance.md).
const loadDialog = () => import('./entry-dialog');
const EntryDialog = lazy(() => loadDialog().then((module) => ({ default: module.EntryDialog })));

type LeaveStep = { kind: 'choose' } | { kind: 'problem'; problem: string } | { kind: 'question'; question: EntryQuestion; commit: () => void };

type Dialog =
  | { kind: 'leave'; entry: UnsavedEntry; go: () => void; stay: () => void; step: LeaveStep }
  | { kind: 'question'; question: EntryQuestion; yes: () => void };

/**
 * The page's side: the guard its cards and buttons use, and the dialog it draws. `go` of a leave
 * the judge allowed runs with the navigation blocker off (the blocker is for what the page did not
 * ask about: links, the browser's back button).
 */
export function useUnsavedEntryHost(): { guard: UnsavedEntryGuard; dialog: ReactNode } {
  const { t } = useTranslation();
  const entries = useRef(new Map<string, UnsavedEntry>());
  const allowing = useRef(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** The last dialog, still drawn while the closed one fades out. */
  const [shown, setShown] = useState<Dialog | null>(null);
  if (dialog !== null && dialog !== shown) setShown(dialog);

  const allowed = (go: () => void) => {
    allowing.current = true;
    try {
      go();
    } finally {
      allowing.current = false;
    }
  };
  const askToLeave = useCallback((go: () => void, stay: () => void) => {
    // One card is open at a time: its unsaved value, if any.
    const entry = entries.current.values().next().value;
    if (entry === undefined) {
      go();
      return;
    }
    setDialog({ kind: 'leave', entry, go, stay, step: { kind: 'choose' } });
  }, []);

  const guard = useMemo<UnsavedEntryGuard>(
    () => ({
      register: (id, entry) => {
        if (entry === null) {
          entries.current.delete(id);
          return;
        }
        entries.current.set(id, entry);
        void loadDialog();
      },
      leave: (go) => askToLeave(() => allowed(go), () => undefined),
      ask: (question, onYes) => {
        void loadDialog();
        setDialog({ kind: 'question', question, yes: onYes });
      },
    }),
    [askToLeave],
  );

  // Closing or reloading the page: the browser's own question.
  useEffect(() => {
    const onUnload = (event: BeforeUnloadEvent) => {
      if (entries.current.size === 0) return;
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);

  const close = () => setDialog(null);
  const props = shown ? dialogProps(shown, t, close, setDialog) : null;
  return {
    guard,
    dialog: (
      <>
        <BlockWhileUnsaved shouldBlock={() => !allowing.current && entries.current.size > 0} onBlocked={(blocker) => askToLeave(() => blocker.proceed?.(), () => blocker.reset?.())} />
        {props && (
          <Suspense fallback={null}>
            <EntryDialog {...props} opened={dialog !== null} />
          </Suspense>
        )}
      </>
    ),
  };
}

type Translate = ReturnType<typeof useTranslation>['t'];

function dialogProps(shown: Dialog, t: Translate, close: () => void, setDialog: (dialog: Dialog | null) => void): Omit<EntryDialogProps, 'opened'> {
  if (shown.kind === 'question') {
    return {
      title: t('scorecard.confirmTitle'),
      text: shown.question.text,
      testId: shown.question.testId,
      onClose: close,
      choices: [
        {
          label: shown.question.yes,
          onClick: () => {
            close();
            shown.yes();
          },
        },
        { label: shown.question.no, variant: 'default', onClick: close },
      ],
    };
  }
  const { entry, step, go, stay } = shown;
  const leave = () => {
    close();
    go();
  };
  const remain = () => {
    close();
    stay();
  };
  if (step.kind === 'question') {
    return {
      title: t('scorecard.confirmTitle'),
      text: step.question.text,
      testId: step.question.testId,
      onClose: remain,
      choices: [
        {
          label: step.question.yes,
          onClick: () => {
            step.commit();
            leave();
          },
        },
        // "No, correct": back to the card, the value still in its field.
        { label: step.question.no, variant: 'default', onClick: remain },
      ],
    };
  }
  const discard: EntryChoice = { label: t('scorecard.unsavedDiscard'), variant: 'light', color: 'red', onClick: leave };
  const stayChoice: EntryChoice = { label: t('scorecard.unsavedStay'), variant: 'default', onClick: remain };
  if (step.kind === 'problem') {
    // Nothing to save: staying to correct it comes first.
    return {
      title: t('scorecard.unsavedTitle'),
      text: t('scorecard.unsavedInvalid', { racer: entry.racer, target: entry.target, value: entry.value, problem: step.problem }),
      testId: 'unsaved-entry',
      onClose: remain,
      choices: [{ ...stayChoice, variant: 'filled' }, discard],
    };
  }
  const save: EntryChoice = {
    label: t('scorecard.unsavedSave'),
    onClick: () => {
      const check = entry.check();
      if (check.kind === 'ready') {
        check.commit();
        leave();
      } else if (check.kind === 'ask') setDialog({ ...shown, step: { kind: 'question', question: check.question, commit: check.commit } });
      else setDialog({ ...shown, step: { kind: 'problem', problem: check.problem } });
    },
  };
  return {
    title: t('scorecard.unsavedTitle'),
    text: t('scorecard.unsavedText', { racer: entry.racer, target: entry.target, value: entry.value }),
    testId: 'unsaved-entry',
    onClose: remain,
    choices: [save, discard, stayChoice],
  };
}

/**
 * Links and the browser's back button, while a value is unsaved: React Router's blocker, where
 * the app has one (its data router; a test's plain router has none). The page's own changes of
 * its address (another racer, route, stage) asked already and pass.
 */
function BlockWhileUnsaved(props: { shouldBlock: () => boolean; onBlocked: (blocker: Blocker) => void }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationBlocker {...props} /> : null;
}

function NavigationBlocker({ shouldBlock, onBlocked }: { shouldBlock: () => boolean; onBlocked: (blocker: Blocker) => void }) {
  const check = useRef(shouldBlock);
  const tell = useRef(onBlocked);
  useLayoutEffect(() => {
    check.current = shouldBlock;
    tell.current = onBlocked;
  });
  const blocker = useBlocker(useCallback(() => check.current(), []));
  const told = useRef<Blocker | null>(null);
  useEffect(() => {
    if (blocker.state === 'blocked' && told.current !== blocker) {
      told.current = blocker;
      tell.current(blocker);
    }
    if (blocker.state !== 'blocked') told.current = null;
  }, [blocker]);
  return null;
}
