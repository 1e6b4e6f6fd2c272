import { useTranslation } from 'react-i18next';
import { Tooltip } from '@tourdesk/ui';
import { Volume2, VolumeX } from 'lucide-react';
import { useChatSoundSetting } from '../../../lib/notification-sound';

/** Turns the new-message sound on or off for this user in this browser (SPEC §4 sound). */
export function SoundToggle({ userId }: { userId: number | null }) {
  const { t } = useTranslation('chat');
  const [enabled, setEnabled] = useChatSoundSetting(userId);
  const label = t('sound.label');
  return (
    <Tooltip content={enabled ? t('sound.on') : t('sound.off')}>
      <button
        type="button"
        aria-pressed={enabled}
        aria-label={label}
        onClick={() => setEnabled(!enabled)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        {enabled ? <Volume2 size={18} aria-hidden="true" /> : <VolumeX size={18} aria-hidden="true" />}
      </button>
    </Tooltip>
  );
}
