import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useProfile } from '../../features/auth/api/get-profile';
import { ChatScreen, type SupportSite } from '../../features/chat/components/chat-screen';
import { fromUploadedFile, type ChatUpload } from '../../features/chat/thread-source';
import { usePartners } from '../../features/organizer/api/get-partners';
import { uploadFile } from '../../lib/upload/upload-file';

/**
 * /{orgId}/chat and /{orgId}/chat/{id}: the chat screen, with what it takes from elsewhere — the
 * user (whose sound setting and pending messages), the organizer's private file upload for
 * attachments, and the partner sites whose support the organizer can write to.
 */
export function ChatPage() {
  const params = useParams();
  const orgId = Number(params.orgId);
  const chatId = params.id === undefined ? null : Number(params.id);
  const { data: user } = useProfile();
  const partners = usePartners(orgId);

  const upload = useCallback<ChatUpload>(
    (file, onProgress, signal) =>
      uploadFile(file, { onProgress, signal, organizerId: orgId, isPublic: false }).then(fromUploadedFile),
    [orgId],
  );

  const supportSites = useMemo<SupportSite[]>(() => {
    const sites = new Map<number, SupportSite>();
    for (const site of partners.data?.connected_sites ?? [])
      sites.set(site.site_id, { id: site.site_id, name: site.name });
    for (const site of partners.data?.available_for_connection ?? [])
      if (!sites.has(site.id)) sites.set(site.id, { id: site.id, name: site.name });
    return [...sites.values()];
  }, [partners.data]);

  return (
    <ChatScreen orgId={orgId} chatId={chatId} userId={user?.id ?? null} upload={upload} supportSites={supportSites} />
  );
}
