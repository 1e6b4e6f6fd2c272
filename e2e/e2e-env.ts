/** Settings the end-to-end server starts with that specs need to know too. */

/** The manual WhatsApp phone confirmation: the business number and the provider bridge's webhook secret. */
export const E2E_WHATSAPP = { number: '+79990000000', secret: 'e2e-whatsapp-bridge-secret-0123' } as const;
