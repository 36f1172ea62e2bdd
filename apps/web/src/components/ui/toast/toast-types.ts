export const TOAST_TYPES = ['success', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Spec section 9: a toast closes itself after 5 s unless the message sets its own timer. */
export const DEFAULT_TOAST_TIMER_MS = 5000;

/** The dialog message of spec section 3: type, optional title, message, timer in ms. */
export interface ToastMessage {
  type: ToastType;
  title?: string;
  message: string;
  timer?: number;
  /**
   * Toasts of one kind replace each other: a new one takes the place of a shown or waiting one of
   * the same kind, so a stale "Presence confirmed" never shows after the next action. Defaults to
   * the type (a new success replaces an older success; an error does not hide a success).
   */
  kind?: string;
}

export interface QueuedToast extends ToastMessage {
  id: number;
}

export type Notify = (toast: ToastMessage) => void;
