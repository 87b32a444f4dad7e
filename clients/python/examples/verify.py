import marquee


def verify_webhook(secret: str, raw_body: bytes, headers) -> dict:
    # The body exactly as received, before any JSON parsing. Raises WebhookVerificationError.
    return marquee.Webhook(secret).verify(raw_body, headers)


def verify_ticket(base_url: str, token: str) -> marquee.VerifiedTicket:
    # Fetch the JWKS once (no key needed) and keep the verifier: it works offline from then on.
    verifier = marquee.TicketVerifier.fetch(base_url)
    return verifier.verify(token)  # raises TicketTokenError; .reason is e.g. "expired"
