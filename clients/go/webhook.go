package marquee

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ErrWebhookVerification wraps every reason a delivery is refused (errors.Is).
var ErrWebhookVerification = errors.New("marquee: webhook verification failed")

// DefaultWebhookTolerance is how far a webhook-timestamp may be from the receiver's clock.
const DefaultWebhookTolerance = 5 * time.Minute

// WebhookMessage is the body of a delivery; Data.Object is the resource as the API answered it.
type WebhookMessage struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		Object json.RawMessage `json:"object"`
	} `json:"data"`
}

// Webhook checks deliveries against an endpoint's whsec_ secret (the Standard Webhooks scheme).
type Webhook struct {
	key       []byte
	Tolerance time.Duration
}

// NewWebhook takes the secret as the API answered it (whsec_ followed by base64).
func NewWebhook(secret string) (*Webhook, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil || len(key) == 0 {
		return nil, errors.New("marquee: the webhook secret is not whsec_ followed by base64")
	}
	return &Webhook{key: key, Tolerance: DefaultWebhookTolerance}, nil
}

// Verify takes the raw body exactly as received (before any JSON decoding) and the request's
// headers, and answers the message. The header names may be cased any way: canonical as net/http
// gives them, or lower case in an http.Header built by hand (from an HTTP/2 frame or a gateway).
func (w *Webhook) Verify(payload []byte, header http.Header) (*WebhookMessage, error) {
	return w.VerifyAt(payload, header, time.Now())
}

// VerifyAt is Verify with the receiver's clock given.
func (w *Webhook) VerifyAt(payload []byte, header http.Header, now time.Time) (*WebhookMessage, error) {
	return w.verify(payload, func(name string) string {
		if value := header.Get(name); value != "" {
			return value
		}
		for key, values := range header {
			if strings.EqualFold(key, name) && len(values) > 0 {
				return values[0]
			}
		}
		return ""
	}, now)
}

// VerifyMap is Verify for headers as a plain map, cased any way: what AWS Lambda behind API
// Gateway (events.APIGatewayProxyRequest.Headers, lower case over HTTP/2) and most serverless
// runtimes hand over.
func (w *Webhook) VerifyMap(payload []byte, headers map[string]string) (*WebhookMessage, error) {
	return w.VerifyMapAt(payload, headers, time.Now())
}

// VerifyMapAt is VerifyMap with the receiver's clock given.
func (w *Webhook) VerifyMapAt(payload []byte, headers map[string]string, now time.Time) (*WebhookMessage, error) {
	return w.verify(payload, func(name string) string {
		for key, value := range headers {
			if strings.EqualFold(key, name) {
				return value
			}
		}
		return ""
	}, now)
}

func (w *Webhook) verify(payload []byte, header func(name string) string, now time.Time) (*WebhookMessage, error) {
	id, timestamp, signatures := header("webhook-id"), header("webhook-timestamp"), header("webhook-signature")
	if id == "" || timestamp == "" || signatures == "" {
		return nil, fmt.Errorf("%w: missing webhook-id, webhook-timestamp or webhook-signature header", ErrWebhookVerification)
	}
	sentAt, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%w: webhook-timestamp is not a number", ErrWebhookVerification)
	}
	if skew := now.Sub(time.Unix(sentAt, 0)); skew > w.Tolerance || skew < -w.Tolerance {
		return nil, fmt.Errorf("%w: webhook-timestamp is outside the tolerance (replayed or stale)", ErrWebhookVerification)
	}
	mac := hmac.New(sha256.New, w.key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(payload)
	expected := mac.Sum(nil)
	for _, candidate := range strings.Split(signatures, " ") {
		version, signature, _ := strings.Cut(candidate, ",")
		given, err := base64.StdEncoding.DecodeString(signature)
		if version == "v1" && err == nil && hmac.Equal(given, expected) {
			var message WebhookMessage
			if err := json.Unmarshal(payload, &message); err != nil {
				return nil, fmt.Errorf("%w: the body is not a webhook message: %v", ErrWebhookVerification, err)
			}
			return &message, nil
		}
	}
	return nil, fmt.Errorf("%w: no signature matches", ErrWebhookVerification)
}
