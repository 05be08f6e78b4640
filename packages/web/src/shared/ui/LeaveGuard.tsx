import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { LazyModal } from './lazyDialog.js';

/**
 * Asks before unsaved edits are lost: leaving for another screen of the app opens a confirmation,
 * and closing or reloading the tab gets the browser's own question. Needs the data router.
 */
export function LeaveGuard({ when, message }: { when: boolean; message: string }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return (
    <LazyModal
      open={blocker.state === 'blocked'}
      title={t('unsaved.leaveTitle')}
      okText={t('unsaved.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('unsaved.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      {message}
    </LazyModal>
  );
}
