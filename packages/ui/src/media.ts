import { MEDIA_IMAGE_THUMB_WIDTH, MEDIA_VIDEO_POSTER } from './constants';

export type VideoProvider = 'youtube' | 'vimeo' | 'rutube';

export interface ParsedVideo {
  provider: VideoProvider;
  id: string;
  /** iframe src; YouTube and Vimeo carry enablejsapi=1. */
  embedUrl: string;
  /** A poster URL when the provider has a static one (YouTube). */
  poster?: string;
}

/** Recognises YouTube, Vimeo and RuTube links; anything else → null. */
export function parseVideoUrl(url: string): ParsedVideo | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? segments[0]
        : segments[0] === 'watch'
          ? parsed.searchParams.get('v')
          : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
            ? segments[1]
            : null;
    if (!id || !/^[\w-]{6,}$/.test(id)) return null;
    return {
      provider: 'youtube',
      id,
      embedUrl: `https://www.youtube.com/embed/${id}?enablejsapi=1`,
      poster: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = segments.find((segment) => /^\d+$/.test(segment));
    if (!id) return null;
    return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?enablejsapi=1` };
  }
  if (host === 'rutube.ru') {
    const index = segments.findIndex((segment) => segment === 'video' || segment === 'embed');
    const id = index >= 0 ? segments[index + 1] : undefined;
    if (!id || !/^[\da-f]{16,}$/i.test(id)) return null;
    return { provider: 'rutube', id, embedUrl: `https://rutube.ru/play/embed/${id}` };
  }
  return null;
}

/** The size a thumbnail is requested in: images 1200 wide, video posters 374x500. */
export function thumbnailSize(kind: 'image' | 'video'): { width: number; height?: number } {
  return kind === 'image'
    ? { width: MEDIA_IMAGE_THUMB_WIDTH }
    : { width: MEDIA_VIDEO_POSTER.width, height: MEDIA_VIDEO_POSTER.height };
}
