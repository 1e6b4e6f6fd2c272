import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** One part of a screen (a section of the tour editor) with unsaved edits. */
export interface UnsavedPart {
  key: string;
  label: string;
}

export interface UnsavedChangesScopeValue {
  report: (part: UnsavedPart, dirty: boolean) => void;
}

const UnsavedChangesScopeContext = createContext<UnsavedChangesScopeValue | null>(null);

/**
 * A screen of several forms saved on their own (the tour editor's sections): React Router heeds
 * only one navigation blocker at a time (the last one made), so one guard per form left every
 * other form's edits unguarded. Inside a scope the forms report their unsaved edits to it instead,
 * and the scope asks once, for all of them, and lists them.
 */
export function useUnsavedChangesScope() {
  const [unsaved, setUnsaved] = useState<UnsavedPart[]>([]);
  const value = useMemo<UnsavedChangesScopeValue>(
    () => ({
      report: (part, dirty) =>
        setUnsaved((parts) => {
          const known = parts.some((p) => p.key === part.key && p.label === part.label);
          if (known === dirty) return parts;
          const rest = parts.filter((p) => p.key !== part.key);
          return dirty ? [...rest, part] : rest;
        }),
    }),
    [],
  );
  const guard = useUnsavedChangesGuard(unsaved.length > 0);
  return { unsaved, guard, scope: value };
}

/** The forms inside report to `scope` (from `useUnsavedChangesScope`) instead of asking on their own. */
export function UnsavedChangesScope({ scope, children }: { scope: UnsavedChangesScopeValue; children: ReactNode }) {
  return <UnsavedChangesScopeContext.Provider value={scope}>{children}</UnsavedChangesScopeContext.Provider>;
}

function ReportUnsaved({ scope, part, dirty }: { scope: UnsavedChangesScopeValue; part: UnsavedPart; dirty: boolean }) {
  const { key, label } = part;
  useEffect(() => {
    scope.report({ key, label }, dirty);
  }, [scope, key, label, dirty]);
  useEffect(() => () => scope.report({ key, label }, false), [scope, key, label]);
  return null;
}

function OwnGuard({ dirty }: { dirty: boolean }) {
  return useUnsavedChangesGuard(dirty).dialog;
}

/** A form's guard: its own question, or inside a scope its report to the scope's one question. */
export function UnsavedChangesGuardOf({ part, dirty }: { part: UnsavedPart; dirty: boolean }) {
  const scope = useContext(UnsavedChangesScopeContext);
  return scope ? <ReportUnsaved scope={scope} part={part} dirty={dirty} /> : <OwnGuard dirty={dirty} />;
}
