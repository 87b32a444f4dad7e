<?php

use Marquee\TicketVerifier;
use Marquee\VerifiedTicket;
use Marquee\Webhook;

// The body exactly as received (php://input). Throws Marquee\WebhookVerificationError.
function verify_webhook(string $secret, string $rawBody, array $headers): array
{
    return (new Webhook($secret))->verify($rawBody, $headers);
}

// Fetch the JWKS once (no key needed) and keep the verifier: it works offline from then on.
function verify_ticket(string $baseUrl, string $token): VerifiedTicket
{
    $verifier = TicketVerifier::fetch($baseUrl);
    return $verifier->verify($token); // throws Marquee\TicketTokenError; getReason() is e.g. "expired"
}
