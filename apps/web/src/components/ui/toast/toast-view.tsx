import { Notification } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DEFAULT_TOAST_TIMER_MS, type QueuedToast, type ToastType } from './toast-types';

interface ToastLook {
  color: string;
  icon: ReactNode;
  role: 'alert' | 'status';
}

// Spec section 8: success is green without an icon, warning yellow with one, error red with an alert icon.
const LOOKS: Record<ToastType, ToastLook> = {
  success: { color: 'green', icon: undefined, role: 'status' },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={20} aria-hidden />, role: 'status' },
  error: { color: 'red', icon: <IconAlertCircle size={20} aria-hidden />, role: 'alert' },
};

interface ToastViewProps {
  toast: QueuedToast;
  onDismiss: (id: number) => void;
}

export function ToastView({ toast, onDismiss }: ToastViewProps) {
  const { t } = useTranslation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { id, type } = toast;
  const delay = toast.timer ?? DEFAULT_TOAST_TIMER_MS;

  const cancelTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  // The timer starts when the toast is shown, not when it was queued.
  useEffect(() => {
    timer.current = setTimeout(() => onDismiss(id), delay);
    return cancelTimer;
  }, [id, delay, onDismiss, cancelTimer]);

  const look = LOOKS[type];
  return (
    <Notification
      role={look.role}
      data-toast-type={type}
      color={look.color}
      icon={look.icon}
      title={toast.title ?? t(`toast.${type}`)}
      withBorder
      miw={350}
      maw={500}
      style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
      onClose={() => onDismiss(id)}
      // Hovering keeps the toast open for reading; leaving it means the user is done with it.
      onMouseEnter={cancelTimer}
      onMouseLeave={() => onDismiss(id)}
    >
      {toast.message}
    </Notification>
  );
}
