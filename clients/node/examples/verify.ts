import { TicketVerifier, Webhook, type VerifiedTicket, type WebhookMessage } from '@marquee/client';

// The body exactly as received, before any JSON parsing. Throws WebhookVerificationError.
export function verifyWebhook(secret: string, rawBody: string, headers: Headers): WebhookMessage {
  return new Webhook(secret).verify(rawBody, headers);
}

// Fetch the JWKS once (no key needed) and keep the verifier: it works offline from then on.
export async function verifyTicket(baseUrl: string, token: string): Promise<VerifiedTicket> {
  const verifier = await TicketVerifier.fetch(baseUrl);
  return verifier.verify(token); // throws TicketTokenError; .reason is e.g. 'expired'
}
