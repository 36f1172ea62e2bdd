import { useCallback, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from './toast-context';
import type { QueuedToast, ToastMessage } from './toast-types';
import { ToastView } from './toast-view';

type QueueAction = { kind: 'enqueue'; toast: QueuedToast } | { kind: 'dismiss'; id: number } | { kind: 'dismissKind'; toastKind: string };

const kindOf = (toast: ToastMessage): string => toast.kind ?? toast.type;

const queueReducer = (queue: readonly QueuedToast[], action: QueueAction): readonly QueuedToast[] => {
  switch (action.kind) {
    case 'enqueue':
      // A new toast replaces the stale ones of its kind, shown or waiting.
      return [...queue.filter((toast) => kindOf(toast) !== kindOf(action.toast)), action.toast];
    case 'dismiss':
      return queue.filter((toast) => toast.id !== action.id);
    case 'dismissKind':
      return queue.some((toast) => kindOf(toast) === action.toastKind) ? queue.filter((toast) => kindOf(toast) !== action.toastKind) : queue;
  }
};

/**
 * Holds the notification queue of the spec: toasts are shown one at a time, in the order
 * they were raised; the next one appears when the current one is dismissed. A toast of the same
 * kind as a shown or waiting one replaces it (issue 10: no stale toast after the next action).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, dispatch] = useReducer(queueReducer, []);
  const nextId = useRef(1);

  const notify = useCallback((toast: ToastMessage) => {
    const id = nextId.current;
    nextId.current += 1;
    dispatch({ kind: 'enqueue', toast: { ...toast, id } });
  }, []);

  const dismiss = useCallback((id: number) => dispatch({ kind: 'dismiss', id }), []);
  const dismissKind = useCallback((toastKind: string) => dispatch({ kind: 'dismissKind', toastKind }), []);
  const api = useMemo<ToastApi>(() => ({ notify, dismissKind }), [notify, dismissKind]);
  const current = queue[0];

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region exists before any toast so screen readers announce additions. */}
      <div
        aria-live="polite"
        aria-atomic="true"
        style={{
          position: 'fixed',
          top: '5vh',
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 1000,
        }}
      >
        {current !== undefined && <ToastView key={current.id} toast={current} onDismiss={dismiss} />}
      </div>
    </ToastContext.Provider>
  );
}
