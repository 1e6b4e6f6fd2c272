/** The template module's public face: what other modules may use of it. */
export { DEFAULT_TEMPLATES, PLACEHOLDERS } from './defaults';
export { sanitizeTemplateHtml } from './sanitize';
