/**
 * A Content-Disposition header (RFC 6266): an ASCII fallback name for old clients, and the exact
 * name in UTF-8 (RFC 8187) that every current browser prefers.
 */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
};

/** A download's Content-Disposition. */
export const attachment = (name: string): string => contentDisposition('attachment', name);
