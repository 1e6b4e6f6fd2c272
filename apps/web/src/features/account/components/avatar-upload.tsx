import { useTranslation } from 'react-i18next';
import { Avatar, Button, Upload, toast } from '@tourdesk/ui';
import { IMAGE_MIME_TYPES } from '@tourdesk/contract/api/upload-routes';
import type { User } from '@tourdesk/contract/entities/user';
import type { UploadedImage } from '@tourdesk/contract/api/upload';
import { toastApiError } from '../../../lib/form-errors';
import { uploadImage } from '../../../lib/upload/upload-file';
import { useUpdateProfilePhoto } from '../api/user-settings';

/** The avatar: image upload with progress (statuses in progress / success / fail), then update-profile-photo. */
export function AvatarUpload({ user, name, onUser }: { user: User; name: string; onUser: (user: User) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const photo = useUpdateProfilePhoto(onUser);
  const save = (avatarId: number | null) =>
    photo.mutate(avatarId, {
      onSuccess: () => toast.success(avatarId === null ? t('profile.avatarRemoved') : t('profile.avatarSaved')),
      onError: (e) => toastApiError(e, tc),
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar name={name || '?'} src={user.avatar ?? undefined} size={96} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Upload<UploadedImage>
          upload={(file, onProgress) => uploadImage(file, { onProgress })}
          accept={IMAGE_MIME_TYPES.join(',')}
          label={t('profile.uploadAvatar')}
          onUploaded={(image) => save(image.id)}
        />
        {user.avatar && (
          <Button variant="ghost" size="sm" className="self-start" loading={photo.isPending} onClick={() => save(null)}>
            {t('profile.removeAvatar')}
          </Button>
        )}
      </div>
    </div>
  );
}
