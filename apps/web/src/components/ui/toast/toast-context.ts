import { createContext, useContext } from 'react';
import type { Notify } from './toast-types';

export interface ToastApi {
  notify: Notify;
  /** Takes away the shown or waiting toasts of one kind: a new attempt of an action makes its last outcome stale. */
  dismissKind: (kind: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export const useToast = (): ToastApi => {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
};
