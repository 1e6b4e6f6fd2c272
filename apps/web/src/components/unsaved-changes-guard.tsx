import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@tourdesk/ui';

export interface UnsavedChangesGuard {
  /** Runs `proceed` at once when nothing is unsaved, else after the person chooses to leave. */
  confirmLeave: (proceed: () => void) => void;
  /** The question, rendered where the form is. */
  dialog: ReactNode;
}

/**
 * Unsaved edits are not lost without a question: moving to another screen or tab of the app
 * (React Router's blocker), switching to another item on the same screen (`confirmLeave`) and
 * closing or reloading the browser tab (the browser's own prompt) all ask first while `dirty`.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // saved meanwhile (or the navigation became harmless): let it through
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const confirmLeave = useCallback(
    (proceed: () => void) => {
      if (dirty) setPending(() => proceed);
      else proceed();
    },
    [dirty],
  );

  const open = blocker.state === 'blocked' || pending !== null;
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPending(null);
  };
  const leave = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    pending?.();
    setPending(null);
  };

  const dialog = (
    <Modal
      open={open}
      onOpenChange={(next) => !next && stay()}
      width="dialog"
      title={t('unsaved.title')}
      description={t('unsaved.text')}
      footer={
        <>
          <Button variant="ghost" onClick={stay}>
            {t('unsaved.stay')}
          </Button>
          <Button variant="danger" onClick={leave}>
            {t('unsaved.leave')}
          </Button>
        </>
      }
    />
  );
  return { confirmLeave, dialog };
}
