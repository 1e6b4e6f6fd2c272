import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANTS, type VideoProvider } from '@tourdesk/contract';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';
export type VideoMime = 'video/mp4' | 'video/webm' | 'video/quicktime';

const ascii = (b: Buffer, start: number, end: number): string => b.subarray(start, end).toString('latin1');

/** ISO base media file brands (the 'ftyp' box): the major brand and the compatible ones. */
const ftypBrands = (b: Buffer): string[] => {
  if (b.length < 12 || ascii(b, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(b.readUInt32BE(0), b.length, 256);
  const brands = [ascii(b, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
  return brands;
};

/** The image type by its first bytes; never by file name or the client's Content-Type. */
export const detectImageType = (b: Buffer): ImageMime | null => {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  const brands = ftypBrands(b);
  if (brands[0] === 'avif' || brands[0] === 'avis') return 'image/avif';
  return null;
};

export const detectVideoType = (b: Buffer): VideoMime | null => {
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  const brands = ftypBrands(b);
  if (brands.length === 0 || brands[0] === 'avif' || brands[0] === 'avis' || brands[0]?.startsWith('hei')) return null;
  return brands[0] === 'qt  ' ? 'video/quicktime' : 'video/mp4';
};

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};

/** Decompression bombs: refuse images over 50 megapixels before decoding them ('too_many_pixels' says 50). */
export const LIMIT_INPUT_PIXELS = 50_000_000;

export class ImageDecodeError extends Error {
  /** a real image, refused for its size in pixels rather than for being no image */
  readonly tooManyPixels = /pixel limit/i.test(this.message);
}

/**
 * The stored original (auto-rotated, re-encoded in its own format, so EXIF, GPS and every other
 * metadata block is gone) and the SPEC §9 variants as WebP: 1200 wide, and a 374x500 poster crop.
 */
export const processImage = async (input: Buffer, mime: ImageMime) => {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    const base = () => sharp(input, { limitInputPixels: LIMIT_INPUT_PIXELS, animated, failOn: 'error' });
    const encode = (s: Sharp): Sharp => {
      switch (mime) {
        case 'image/jpeg':
          return s.jpeg({ quality: 88, mozjpeg: true });
        case 'image/png':
          return s.png();
        case 'image/webp':
          return s.webp({ quality: 85 });
        case 'image/gif':
          return s.gif();
        case 'image/avif':
          return s.avif({ quality: 60 });
      }
    };
    const original = await encode(animated ? base() : base().rotate()).toBuffer({ resolveWithObject: true });
    const still = () => sharp(input, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' }).rotate();
    const w1200 = await still()
      .resize({ width: IMAGE_VARIANTS.w1200.width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const poster = await still()
      .resize({
        width: IMAGE_VARIANTS.poster.width,
        height: IMAGE_VARIANTS.poster.height,
        fit: 'cover',
        position: 'attention',
      })
      .webp({ quality: 82 })
      .toBuffer();
    const height = animated && original.info.pageHeight ? original.info.pageHeight : original.info.height;
    return { original: original.data, width: original.info.width, height, variants: { w1200, poster } };
  } catch (e) {
    throw new ImageDecodeError(e instanceof Error ? e.message : String(e));
  }
};

/** A YouTube, RuTube or Vimeo link → provider, video id and the iframe URL; null for anything else. */
export const parseVideoUrl = (raw: string): { provider: VideoProvider; video_id: string; embed_url: string } | null => {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (
    host === 'youtube.com' ||
    host === 'youtu.be' ||
    host === 'youtube-nocookie.com' ||
    host === 'music.youtube.com'
  ) {
    let id: string | null = null;
    if (host === 'youtu.be') id = parts[0] ?? null;
    else if (parts[0] === 'watch') id = u.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1] ?? null;
    if (!id || !/^[A-Za-z0-9_-]{11}$/.test(id)) return null;
    return { provider: 'youtube', video_id: id, embed_url: `https://www.youtube.com/embed/${id}` };
  }
  if (host === 'rutube.ru') {
    let id: string | null = null;
    if ((parts[0] === 'video' || parts[0] === 'shorts') && parts[1]) id = parts[1];
    else if (parts[0] === 'play' && parts[1] === 'embed' && parts[2]) id = parts[2];
    if (!id || !/^([0-9a-f]{32}|\d{1,12})$/i.test(id)) return null;
    return {
      provider: 'rutube',
      video_id: id.toLowerCase(),
      embed_url: `https://rutube.ru/play/embed/${id.toLowerCase()}`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id =
      host === 'player.vimeo.com'
        ? parts[0] === 'video'
          ? parts[1]
          : undefined
        : [...parts].reverse().find((p) => /^\d+$/.test(p));
    if (!id || !/^\d{1,12}$/.test(id)) return null;
    return { provider: 'vimeo', video_id: id, embed_url: `https://player.vimeo.com/video/${id}` };
  }
  return null;
};
