require 'marquee'

# The body exactly as received, before any JSON parsing. Raises Marquee::WebhookVerificationError.
def verify_webhook(secret, raw_body, headers)
  Marquee::Webhook.new(secret).verify(raw_body, headers)
end

# Fetch the JWKS once (no key needed) and keep the verifier: it works offline from then on.
def verify_ticket(base_url, token)
  verifier = Marquee::TicketVerifier.fetch(base_url)
  verifier.verify(token) # raises Marquee::TicketTokenError; #reason is e.g. "expired"
end
