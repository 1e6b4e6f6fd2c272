import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Modal, Textarea } from '@tourdesk/ui';

/** Asks why (a rejection, a send-back): the provider reads the reason. */
export function ReasonModal({
  title,
  confirm,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  confirm: string;
  busy: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('operator');
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('reason.text')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('reason.cancel')}
          </Button>
          <Button variant="danger" loading={busy} disabled={trimmed === ''} onClick={() => onConfirm(trimmed)}>
            {confirm}
          </Button>
        </>
      }
    >
      <Field label={t('reason.label')} error={error}>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={2000} rows={4} />
      </Field>
    </Modal>
  );
}
