import crypto from 'node:crypto';
import {
  IMAGE_MIME_TYPES,
  isDepartureScoped,
  roleCan,
  type UploadedFile,
  type UploadedImage,
  type UploadedVideo,
} from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../plugins/storage';
import type { Tenancy } from '../../lib/tenancy';
import { detectImageType, detectVideoType, EXTENSIONS, ImageDecodeError, parseVideoUrl, processImage } from './media';
import { FetchRefusedError, FetchTooLargeError, safeFetch } from './safe-fetch';
import type { FileRow, UploadRepository } from './upload.repository';

/** Bytes received in a request: from a multipart file part, with the client's file name. */
export interface ReceivedFile {
  data: Buffer;
  filename: string | null;
}

/** Types answered with their own Content-Type (images and videos never execute); the rest as octet-stream. */
const SERVED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, 'video/mp4', 'video/webm', 'video/quicktime']);
const fileUrl = (id: number, variant?: string): string => (variant ? `/files/${id}/${variant}` : `/files/${id}`);
/** A display name without path parts or control characters. */
const cleanName = (name: string | null, fallback: string): string => {
  const base = [...((name ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim();
  return (base || fallback).slice(0, 255);
};
const storageKey = (prefix: string, name: string): string =>
  `${prefix}/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}/${name}`;

export interface UploadServiceDeps {
  repo: UploadRepository;
  storage: Storage;
  tenancy: Tenancy;
  config: Pick<Config, 'UPLOAD_MAX_BYTES' | 'UPLOAD_VIDEO_MAX_BYTES' | 'UPLOAD_FETCH_TIMEOUT_MS'>;
  /** tests only: private addresses the URL fetcher may reach */
  fetchAllowAddresses?: readonly string[];
}

export const createUploadService = (deps: UploadServiceDeps) => {
  const { repo, storage, tenancy, config } = deps;

  const checkOrganizer = async (userId: number, organizerId: number | undefined): Promise<number | null> => {
    if (organizerId === undefined) return null;
    // any member uploads (a guide attaches to its chats, an accountant to payments): no capability
    await tenancy.assertMember(userId, organizerId);
    return organizerId;
  };
  const download = async (url: string, maxBytes: number): Promise<Buffer> => {
    try {
      return (
        await safeFetch(url, {
          maxBytes,
          timeoutMs: config.UPLOAD_FETCH_TIMEOUT_MS,
          allowAddresses: deps.fetchAllowAddresses,
        })
      ).body;
    } catch (e) {
      if (e instanceof FetchRefusedError) throw AppError.validation({ url: ['url_refused'] });
      if (e instanceof FetchTooLargeError) throw AppError.validation({ url: ['too_large'] });
      throw AppError.validation({ url: ['url_failed'] });
    }
  };

  /**
   * Who may read a stored file: anyone when public; else members of its organizer, or its uploader.
   * A chat's file (issue 29) only the members who read that chat: a role with `chats`, a guide when
   * the chat is about one of its departures.
   */
  const canRead = async (userId: number, file: FileRow): Promise<boolean> => {
    if (file.is_public) return true;
    if (!userId) return false;
    if (file.organizer_id === null) return file.user_id === userId;
    const role = await tenancy.roleOf(userId, file.organizer_id);
    if (role === null) return false;
    const { chatIds, departureIds } = await repo.chatsOf(file);
    if (chatIds.length === 0) return true;
    if (!roleCan(role, 'chats')) return false;
    if (!isDepartureScoped(role)) return true;
    const reach = await tenancy.assignedDepartureIds(userId, file.organizer_id);
    return departureIds.some((id) => reach.includes(id));
  };

  /** Stores bytes as a file (kind `file`): its type from its first bytes, never from its name. */
  const storeFile = async (
    file: ReceivedFile,
    owner: { organizerId: number | null; userId: number | null; bucket: string | null; isPublic: boolean },
  ): Promise<FileRow> => {
    const data = file.data;
    const mime =
      detectImageType(data) ??
      detectVideoType(data) ??
      (data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : 'application/octet-stream');
    const key = storageKey(
      owner.bucket && !owner.bucket.includes(':') ? owner.bucket : 'files',
      `file.${EXTENSIONS[mime] ?? 'bin'}`,
    );
    await storage.put(key, data);
    return repo.insert({
      organizer_id: owner.organizerId,
      user_id: owner.userId,
      kind: 'file',
      bucket: owner.bucket,
      storage_key: key,
      original_name: cleanName(file.filename, 'file'),
      mime,
      size: data.length,
      // a file is private unless asked otherwise (an image is public unless asked otherwise)
      is_public: owner.isPublic,
    });
  };

  /**
   * Bytes the server received for a file row made before them (a messenger's attachment): an image
   * is processed as uploaded images are (re-encoded without metadata, its variants made), anything
   * else stored as uploaded files are; at most UPLOAD_MAX_BYTES. Answers the row's new columns; the
   * caller writes them (and `discard`s them when it cannot).
   */
  const storeReceived = async (
    data: Buffer,
    filename: string,
  ): Promise<Pick<FileRow, 'kind' | 'storage_key' | 'original_name' | 'mime' | 'size' | 'variants'>> => {
    if (data.length > config.UPLOAD_MAX_BYTES) throw AppError.validation({ file: ['too_large'] });
    if (data.length === 0) throw AppError.validation({ file: ['file_or_url'] });
    const image = detectImageType(data);
    if (image) {
      let processed;
      try {
        processed = await processImage(data, image);
      } catch (e) {
        if (e instanceof ImageDecodeError)
          throw AppError.validation({ file: [e.tooManyPixels ? 'too_many_pixels' : 'unsupported_image'] });
        throw e;
      }
      const ext = EXTENSIONS[image]!;
      const original = storageKey('images', `original.${ext}`);
      const dir = original.slice(0, original.lastIndexOf('/'));
      const variants = { w1200: `${dir}/w1200.webp`, poster: `${dir}/poster.webp` };
      await storage.put(original, processed.original);
      await storage.put(variants.w1200, processed.variants.w1200);
      await storage.put(variants.poster, processed.variants.poster);
      return {
        kind: 'image',
        storage_key: original,
        original_name: cleanName(filename, `image.${ext}`),
        mime: image,
        size: processed.original.length,
        variants,
      };
    }
    const mime =
      detectVideoType(data) ??
      (data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : 'application/octet-stream');
    const key = storageKey('files', `file.${EXTENSIONS[mime] ?? 'bin'}`);
    await storage.put(key, data);
    return {
      kind: 'file',
      storage_key: key,
      original_name: cleanName(filename, 'file'),
      mime,
      size: data.length,
      variants: {},
    };
  };

  /** The bytes and headers of a file a reader may read (the reader checked by the caller). */
  const load = async (file: FileRow, variant: string | undefined) => {
    if (!file.storage_key) return null;
    let key = file.storage_key;
    let mime = file.mime;
    if (variant !== undefined) {
      const v = file.variants[variant];
      if (!v) return null;
      key = v;
      mime = 'image/webp';
    }
    const data = await storage.get(key);
    if (!data) return null;
    // Only the checked image types are shown inline, and only when public; everything else
    // downloads, so a stored SVG, HTML or script can never run on our origin.
    const isInline = file.is_public && (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
    return {
      data,
      mime: SERVED_TYPES.has(mime) ? mime : 'application/octet-stream',
      isInline,
      isPublic: file.is_public,
      name: file.original_name ?? `file-${file.id}`,
    };
  };

  return {
    maxFileBytes: () => config.UPLOAD_MAX_BYTES,
    maxVideoBytes: () => config.UPLOAD_VIDEO_MAX_BYTES,
    /** how long fetching a file from elsewhere may take (UPLOAD_FETCH_TIMEOUT_MS) */
    fetchTimeoutMs: () => config.UPLOAD_FETCH_TIMEOUT_MS,
    storeReceived,
    /** A file's display name as uploads keep it: no path parts or control characters, at most 255. */
    displayName: (name: string | null, fallback: string): string => cleanName(name, fallback),
    /** Deletes the bytes storeReceived stored, when their row could not take them. */
    discard: async (stored: Pick<FileRow, 'storage_key' | 'variants'>): Promise<void> => {
      for (const key of [stored.storage_key, ...Object.values(stored.variants)]) if (key) await storage.delete(key);
    },

    image: async (
      userId: number,
      input: { file: ReceivedFile | null; url?: string; bucket?: string; organizer_id?: number; is_public?: boolean },
    ): Promise<UploadedImage> => {
      const organizerId = await checkOrganizer(userId, input.organizer_id);
      if (!input.file && !input.url) throw AppError.validation({ file: ['file_or_url'] });
      const field = input.file ? 'file' : 'url';
      const data = input.file ? input.file.data : await download(input.url!, config.UPLOAD_MAX_BYTES);
      const mime = detectImageType(data);
      if (!mime) throw AppError.validation({ [field]: ['unsupported_image'] });
      let processed;
      try {
        processed = await processImage(data, mime);
      } catch (e) {
        if (e instanceof ImageDecodeError)
          throw AppError.validation({
            [field]: [e.tooManyPixels ? 'too_many_pixels' : 'unsupported_image'],
          });
        throw e;
      }
      const prefix = input.bucket ?? 'images';
      const ext = EXTENSIONS[mime]!;
      const keys = { original: storageKey(prefix, `original.${ext}`) };
      const dir = keys.original.slice(0, keys.original.lastIndexOf('/'));
      const variantKeys = { w1200: `${dir}/w1200.webp`, poster: `${dir}/poster.webp` };
      await storage.put(keys.original, processed.original);
      await storage.put(variantKeys.w1200, processed.variants.w1200);
      await storage.put(variantKeys.poster, processed.variants.poster);
      const fallbackName = input.url ? cleanName(new URL(input.url).pathname, `image.${ext}`) : `image.${ext}`;
      const row = await repo.insert({
        organizer_id: organizerId,
        user_id: userId,
        kind: 'image',
        bucket: input.bucket ?? null,
        storage_key: keys.original,
        original_name: cleanName(input.file?.filename ?? null, fallbackName),
        mime,
        size: processed.original.length,
        is_public: input.is_public ?? true,
        variants: variantKeys,
      });
      return {
        id: row.id,
        url: fileUrl(row.id),
        name: row.original_name ?? '',
        size: row.size,
        mime_type: mime,
        is_public: row.is_public,
        variants: { w1200: fileUrl(row.id, 'w1200'), poster: fileUrl(row.id, 'poster') },
        width: processed.width,
        height: processed.height,
      };
    },

    file: async (
      userId: number,
      input: { file: ReceivedFile | null; is_public?: boolean; organizer_id?: number; bucket?: string },
    ): Promise<UploadedFile> => {
      const organizerId = await checkOrganizer(userId, input.organizer_id);
      if (!input.file) throw AppError.validation({ file: ['file_or_url'] });
      const row = await storeFile(input.file, {
        organizerId,
        userId,
        bucket: input.bucket ?? null,
        isPublic: input.is_public ?? false,
      });
      return {
        id: row.id,
        url: fileUrl(row.id),
        name: row.original_name ?? '',
        size: row.size,
        mime_type: row.mime,
        is_public: row.is_public,
      };
    },

    /**
     * A chat file sent by someone without an account (a traveller through their chat link): private,
     * the chat's organizer's, `bucket` naming the chat it was sent for (the chat module checks both).
     */
    storeChatFile: (organizerId: number, bucket: string, file: ReceivedFile): Promise<FileRow> =>
      storeFile(file, { organizerId, userId: null, bucket, isPublic: false }),

    /**
     * A photo sent by someone without an account (a traveller's review, through its link): an image
     * only, processed as uploaded images are (re-encoded, its variants made), public, the organizer's,
     * `bucket` naming what it was sent for (the caller checks it when the photo is used).
     */
    storePublicImage: async (organizerId: number, bucket: string, file: ReceivedFile): Promise<FileRow> => {
      if (!detectImageType(file.data)) throw AppError.validation({ file: ['unsupported_image'] });
      const stored = await storeReceived(file.data, file.filename ?? 'image');
      return repo.insert({ ...stored, organizer_id: organizerId, user_id: null, bucket, is_public: true });
    },

    video: async (
      userId: number,
      input: { file: ReceivedFile | null; url?: string; organizer_id?: number },
    ): Promise<UploadedVideo> => {
      const organizerId = await checkOrganizer(userId, input.organizer_id);
      if (input.file) {
        const mime = detectVideoType(input.file.data);
        if (!mime) throw AppError.validation({ file: ['unsupported_video'] });
        const key = storageKey('videos', `video.${EXTENSIONS[mime]}`);
        await storage.put(key, input.file.data);
        const row = await repo.insert({
          organizer_id: organizerId,
          user_id: userId,
          kind: 'video',
          storage_key: key,
          original_name: cleanName(input.file.filename, `video.${EXTENSIONS[mime]}`),
          mime,
          size: input.file.data.length,
          is_public: true,
        });
        return { id: row.id, provider: null, video_id: null, embed_url: fileUrl(row.id), url: fileUrl(row.id) };
      }
      if (!input.url) throw AppError.validation({ file: ['file_or_url'] });
      const parsed = parseVideoUrl(input.url);
      if (!parsed) throw AppError.validation({ url: ['unsupported_video'] });
      const row = await repo.insert({
        organizer_id: organizerId,
        user_id: userId,
        kind: 'video',
        bucket: parsed.provider,
        // a link has no stored bytes
        storage_key: '',
        mime: 'text/uri-list',
        size: 0,
        is_public: true,
        video_url: parsed.embed_url,
      });
      return { id: row.id, ...parsed, url: input.url };
    },

    /** The bytes and headers for GET /files/{id}/{variant?}; null when absent or not readable by this user. */
    serve: async (userId: number, id: number, variant: string | undefined) => {
      const file = await repo.find(id);
      if (!file || !(await canRead(userId, file))) return null;
      // a chat message's file that support deleted or hid: support alone reads it (its own link)
      if (await repo.isWithdrawnFromChats(file.id)) return null;
      return load(file, variant);
    },
    /** Whether support deleted or hid every chat message that carries the file (it is served to support only). */
    isWithdrawnFromChats: (id: number): Promise<boolean> => repo.isWithdrawnFromChats(id),

    /** A stored file and its bytes, for a caller that checks who may read it itself (a chat's traveller). */
    find: (id: number): Promise<FileRow | null> => repo.find(id),
    load,
  };
};
export type UploadService = ReturnType<typeof createUploadService>;
