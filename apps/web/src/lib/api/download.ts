// Downloads: the file name the server gives and handing bytes to the browser.

/** The file name of a Content-Disposition header (its UTF-8 form first); null without one. */
export const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!.trim());
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
};

/** Hands bytes to the browser as a download. */
export const saveFile = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the link; the object URL can go once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
