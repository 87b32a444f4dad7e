package examples

import (
	"context"
	"net/http"

	"marquee"
)

// VerifyWebhook takes the body exactly as received, before any JSON decoding.
func VerifyWebhook(secret string, rawBody []byte, header http.Header) (*marquee.WebhookMessage, error) {
	webhook, err := marquee.NewWebhook(secret)
	if err != nil {
		return nil, err
	}
	return webhook.Verify(rawBody, header) // errors.Is(err, marquee.ErrWebhookVerification)
}

// VerifyTicket fetches the JWKS once (no key needed); keep the verifier: it works offline.
func VerifyTicket(ctx context.Context, baseURL, token string) (*marquee.VerifiedTicket, error) {
	verifier, err := marquee.FetchTicketVerifier(ctx, baseURL)
	if err != nil {
		return nil, err
	}
	return verifier.Verify(token) // a *marquee.TicketTokenError; .Reason is e.g. "expired"
}
