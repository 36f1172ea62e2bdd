import { useToast } from '../../../components/ui/toast/toast-context';
import { useTranslation } from '../../../lib/translation';
import { useLogout } from './use-session';

/** Logs out and says so in a toast: the log-out item of the account and judge menus. */
export const useLogOutAndTell = (): (() => Promise<void>) => {
  const { t } = useTranslation();
  const logout = useLogout();
  const { notify } = useToast();
  return async () => {
    await logout();
    notify({ type: 'success', message: t('auth.loggedOut') });
  };
};
