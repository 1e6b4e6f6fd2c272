import { useTranslation } from 'react-i18next';
import { Button, Modal, Spinner, Tabs } from '@tourdesk/ui';
import type { TravellerMessage } from '@tourdesk/contract/api/traveller-message';
import { EmailFrame } from '../../../../components/email-frame';
import { useTravellerMessageView } from '../api/request-traveller-messages';

/** One sent message as the traveller got it: the rendered e-mail (sandboxed) and its plain-text part. */
export function TravellerMessageViewModal({
  requestId,
  message,
  open,
  onOpenChange,
}: {
  requestId: number;
  /** the timeline's item: its subject titles the dialog while the rendered message loads */
  message: TravellerMessage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('messages');
  const view = useTravellerMessageView(requestId, open && message ? message.id : null);
  const subject = view.data?.rendered.subject ?? message?.subject ?? '';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="viewer"
      title={subject}
      description={
        message
          ? `${t(`kinds.${message.kind}.name`)} · ${t(`channels.${message.channel}`)} · ${t('timeline.to', {
              name: message.recipient_name,
              recipient: message.recipient,
            })}`
          : undefined
      }
      footer={
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {t('view.close')}
        </Button>
      }
    >
      {view.isPending ? (
        <div className="flex justify-center py-10 text-primary-600">
          <Spinner label={t('view.loading')} />
        </div>
      ) : view.isError ? (
        <p className="text-sm text-neutral-600" role="alert">
          {t('view.loadFailed')}{' '}
          <button
            type="button"
            className="font-medium text-primary-700 underline-offset-2 hover:underline"
            onClick={() => void view.refetch()}
          >
            {t('view.retry')}
          </button>
        </p>
      ) : (
        <Tabs
          label={t('view.tabsLabel')}
          items={[
            {
              value: 'html',
              label: t('view.email'),
              content: (
                <EmailFrame
                  html={view.data.rendered.html}
                  title={t('view.frameTitle', { subject: view.data.rendered.subject })}
                  className="h-[60dvh]"
                />
              ),
            },
            {
              value: 'text',
              label: t('view.plainText'),
              content: (
                <pre className="max-h-[60dvh] overflow-auto rounded-lg border border-neutral-200 bg-neutral-50 p-4 font-sans text-sm whitespace-pre-wrap text-neutral-800">
                  {view.data.rendered.text}
                </pre>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
