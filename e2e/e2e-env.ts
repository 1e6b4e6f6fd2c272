/** Settings the end-to-end server starts with that specs need to know too. */

/** The manual WhatsApp phone confirmation: the business number and the provider bridge's webhook secret. */
export const E2E_WHATSAPP = { number: '+79990000000', secret: 'e2e-whatsapp-bridge-secret-0123' } as const;

/**
 * The Telegram bot: its username (the questionnaire's deep links) and the webhook's secret (specs
 * post the bot's updates themselves). Its Bot API is a closed local port: the bot's replies fail
 * quietly, as the webhook lets them.
 */
export const E2E_TELEGRAM = {
  token: '123456:e2e-telegram-bot-token',
  username: 'tourdesk_e2e_bot',
  secret: 'e2e-telegram-webhook-secret-0123',
  apiUrl: 'http://127.0.0.1:9',
} as const;

/**
 * The DNS server a custom domain's CNAME is looked up with (SITES_DNS_SERVERS): public-site.spec
 * starts it on this port (the e2e port + 53) when it needs it; until then lookups find nothing.
 */
export const e2eDnsPort = (e2ePort: number) => e2ePort + 53;

/**
 * YooKassa's API for the organizers' own accounts (YOOKASSA_API_URL): payment-account.spec starts
 * a local stand-in on this port (the e2e port + 54); the platform itself pays through the sandbox.
 */
export const e2eYookassaPort = (e2ePort: number) => e2ePort + 54;
