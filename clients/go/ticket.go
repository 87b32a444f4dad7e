package marquee

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	rotatingLifetime = 300 // a rotating code lives exactly this long (s)
	tokenSkew        = 30  // validators accept from iat − 30 s to exp + 30 s
	// A forger inventing kids costs the venue one JWKS request per 30 s (as jose's remote key sets).
	refetchCooldown = 30 * time.Second
	refetchTimeout  = 10 * time.Second
)

var kindsByTyp = map[string]string{"ticket+jwt": "rotating", "ticket-pass+jwt": "paper"}

// JWKS is GET /v2/scan/jwks: the public keys ticket tokens are signed with.
type JWKS struct {
	Keys []struct {
		Kty string `json:"kty"`
		Crv string `json:"crv"`
		X   string `json:"x"`
		Kid string `json:"kid"`
	} `json:"keys"`
}

// VerifiedTicket is what a ticket token proves. Kind is "rotating" (the phone's 5-minute code) or
// "paper" (a printed pass).
type VerifiedTicket struct {
	Kind, TicketID, EventID, TierID, KeyID string
	IssuedAt, ExpiresAt                    time.Time
}

// TicketTokenError is a token that does not verify; Reason is the door's word for it: malformed,
// invalid_signature, expired, not_yet_valid or wrong_event.
type TicketTokenError struct{ Reason, Message string }

func (e *TicketTokenError) Error() string {
	return "marquee: ticket token " + e.Reason + ": " + e.Message
}

func refuse(reason, message string) error { return &TicketTokenError{Reason: reason, Message: message} }

// TicketVerifier holds a JWKS and verifies ticket tokens with it, without the network. A valid
// signature proves the venue issued the ticket; whether it is still active or already admitted
// is the server's (POST /v2/scan/validate) or a door pack's to say.
//
// One made by FetchTicketVerifier (or Client.TicketVerifier) follows a key rotation: a token
// whose kid it does not hold makes it fetch the JWKS again, at most once every 30 s (offline, the
// token stays refused). One made by NewTicketVerifier never touches the network. Safe for
// concurrent use.
type TicketVerifier struct {
	mu          sync.Mutex
	keys        map[string]ed25519.PublicKey
	refetch     func(context.Context) (JWKS, error)
	refetchedAt time.Time
}

// NewTicketVerifier keeps the Ed25519 keys of a JWKS.
func NewTicketVerifier(jwks JWKS) *TicketVerifier {
	return &TicketVerifier{keys: keysOf(jwks)}
}

func keysOf(jwks JWKS) map[string]ed25519.PublicKey {
	keys := map[string]ed25519.PublicKey{}
	for _, jwk := range jwks.Keys {
		raw, err := base64.RawURLEncoding.DecodeString(jwk.X)
		if jwk.Kty == "OKP" && jwk.Crv == "Ed25519" && jwk.Kid != "" && err == nil && len(raw) == ed25519.PublicKeySize {
			keys[jwk.Kid] = ed25519.PublicKey(raw)
		}
	}
	return keys
}

// FetchTicketVerifier fetches the JWKS from a venue server (a public route: no API key).
func FetchTicketVerifier(ctx context.Context, baseURL string) (*TicketVerifier, error) {
	getJWKS := func(ctx context.Context) (JWKS, error) {
		var jwks JWKS
		request, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(baseURL, "/")+"/v2/scan/jwks", nil)
		if err != nil {
			return jwks, err
		}
		response, err := http.DefaultClient.Do(request)
		if err != nil {
			return jwks, fmt.Errorf("%w: GET /v2/scan/jwks: %v", ErrNetwork, err)
		}
		defer response.Body.Close()
		if response.StatusCode != http.StatusOK {
			return jwks, fmt.Errorf("%w: GET /v2/scan/jwks: HTTP %d", ErrAPI, response.StatusCode)
		}
		if err := json.NewDecoder(response.Body).Decode(&jwks); err != nil {
			return jwks, fmt.Errorf("%w: GET /v2/scan/jwks: %v", ErrAPI, err)
		}
		return jwks, nil
	}
	jwks, err := getJWKS(ctx)
	if err != nil {
		return nil, err
	}
	return &TicketVerifier{keys: keysOf(jwks), refetch: getJWKS}, nil
}

// TicketVerifier fetches the server's current JWKS with this client (and again, through it, for
// a kid the verifier does not hold).
func (c *Client) TicketVerifier(ctx context.Context) (*TicketVerifier, error) {
	getJWKS := func(ctx context.Context) (JWKS, error) {
		var jwks JWKS
		err := c.Get(ctx, "/v2/scan/jwks", nil, &jwks)
		return jwks, err
	}
	jwks, err := getJWKS(ctx)
	if err != nil {
		return nil, err
	}
	return &TicketVerifier{keys: keysOf(jwks), refetch: getJWKS}, nil
}

// key is the kid's public key, fetching the JWKS again for a kid not held (see TicketVerifier).
// The lock is not held during the fetch, so verifications of known keys never wait on it.
func (v *TicketVerifier) key(kid string, now time.Time) (ed25519.PublicKey, bool) {
	v.mu.Lock()
	key, ok := v.keys[kid]
	due := !ok && v.refetch != nil && (v.refetchedAt.IsZero() || now.Sub(v.refetchedAt) >= refetchCooldown)
	if due {
		v.refetchedAt = now
	}
	v.mu.Unlock()
	if !due {
		return key, ok
	}
	ctx, cancel := context.WithTimeout(context.Background(), refetchTimeout)
	defer cancel()
	jwks, err := v.refetch(ctx)
	if err != nil { // offline or a bad answer: keep the keys held, refuse this token
		return nil, false
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.keys = keysOf(jwks)
	key, ok = v.keys[kid]
	return key, ok
}

// VerifyOption narrows a verification.
type VerifyOption func(*verifyOptions)

type verifyOptions struct {
	now     time.Time
	eventID string
}

// ForEvent refuses (wrong_event) a ticket of any other event.
func ForEvent(eventID string) VerifyOption { return func(o *verifyOptions) { o.eventID = eventID } }

// At judges the token's window at this time instead of now.
func At(now time.Time) VerifyOption { return func(o *verifyOptions) { o.now = now } }

// Verify checks a rotating code or a paper pass; refusals are *TicketTokenError.
func (v *TicketVerifier) Verify(token string, opts ...VerifyOption) (*VerifiedTicket, error) {
	options := verifyOptions{now: time.Now()}
	for _, opt := range opts {
		opt(&options)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, refuse("malformed", "not a JWS")
	}
	var header struct {
		Alg  string          `json:"alg"`
		Typ  string          `json:"typ"`
		Kid  string          `json:"kid"`
		Crit json.RawMessage `json:"crit"`
	}
	var claims struct {
		Sub, Evt, Tier *string
		Iat, Exp       *int64
	}
	signature, sigErr := base64.RawURLEncoding.DecodeString(parts[2])
	if decodeSegment(parts[0], &header) != nil || decodeSegment(parts[1], &claims) != nil || sigErr != nil {
		return nil, refuse("malformed", "not a JWS")
	}
	kind, known := kindsByTyp[header.Typ]
	if header.Alg != "EdDSA" || !known || header.Crit != nil {
		return nil, refuse("malformed", "not a Marquee ticket token (alg, typ or crit)")
	}
	key, ok := v.key(header.Kid, options.now)
	if !ok {
		return nil, refuse("invalid_signature", "signed with a key the JWKS does not hold")
	}
	if !ed25519.Verify(key, []byte(parts[0]+"."+parts[1]), signature) {
		return nil, refuse("invalid_signature", "the signature does not verify")
	}
	if claims.Sub == nil || claims.Evt == nil || claims.Tier == nil || claims.Iat == nil || claims.Exp == nil {
		return nil, refuse("malformed", "claims sub, evt, tier, iat and exp are required")
	}
	iat, exp := *claims.Iat, *claims.Exp
	if kind == "rotating" && exp != iat+rotatingLifetime {
		return nil, refuse("malformed", "a rotating code lives exactly 300 s")
	}
	if options.now.Before(time.Unix(iat-tokenSkew, 0)) {
		return nil, refuse("not_yet_valid", "issued in the future (check the clock)")
	}
	if options.now.After(time.Unix(exp+tokenSkew, 0)) {
		return nil, refuse("expired", "expired")
	}
	if options.eventID != "" && *claims.Evt != options.eventID {
		return nil, refuse("wrong_event", fmt.Sprintf("a ticket for %s, not %s", *claims.Evt, options.eventID))
	}
	return &VerifiedTicket{Kind: kind, TicketID: *claims.Sub, EventID: *claims.Evt, TierID: *claims.Tier,
		KeyID: header.Kid, IssuedAt: time.Unix(iat, 0), ExpiresAt: time.Unix(exp, 0)}, nil
}

func decodeSegment(segment string, into any) error {
	data, err := base64.RawURLEncoding.DecodeString(segment)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}
