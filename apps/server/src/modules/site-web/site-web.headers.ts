/**
 * Security headers of every public page: scripts only from this server, no inline script can run.
 * A form may post to the site itself and be sent on to the product (the booking goes on to the
 * traveller's chat there: form-action covers the redirect too).
 */
export const sitePageHeaders = (productOrigin: string, frameAncestors = "'self'") => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    // the preset's colours and fonts are an inline <style>; no script can ride on a style
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src https://www.youtube-nocookie.com https://rutube.ru https://player.vimeo.com',
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${productOrigin}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  vary: 'accept-encoding',
});
