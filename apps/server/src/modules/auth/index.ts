/** The auth module's public face: what other modules may use of it. */
export { normalizePhone } from './auth.service';
export { CODE_PURPOSE, type Codes } from './codes';
export { textCarriesWord, whatsappManualWord } from './whatsapp-manual';
