package marquee_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"marquee"
)

// Ticket-token rules, on tokens signed here with a key of the test's own (as the server signs).
var (
	tokenNow          = time.Unix(1_790_000_000, 0)
	tokenPub, tokenSK = mustKey()
)

func mustKey() (ed25519.PublicKey, ed25519.PrivateKey) {
	pub, sk, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return pub, sk
}

type tokenSpec struct {
	typ, kid string
	iat, exp int64
	key      ed25519.PrivateKey
	extra    map[string]any
}

func makeToken(spec tokenSpec) string {
	if spec.typ == "" {
		spec.typ = "ticket+jwt"
	}
	if spec.kid == "" {
		spec.kid = "k1"
	}
	if spec.iat == 0 {
		spec.iat = tokenNow.Unix()
	}
	if spec.exp == 0 {
		spec.exp = spec.iat + 300
	}
	if spec.key == nil {
		spec.key = tokenSK
	}
	header := map[string]any{"alg": "EdDSA", "typ": spec.typ, "kid": spec.kid}
	for k, v := range spec.extra {
		header[k] = v
	}
	h, _ := json.Marshal(header)
	c, _ := json.Marshal(map[string]any{"sub": "tik_1", "evt": "evt_1", "tier": "tkt_1", "iat": spec.iat, "exp": spec.exp})
	input := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	return input + "." + base64.RawURLEncoding.EncodeToString(ed25519.Sign(spec.key, []byte(input)))
}

func testVerifier(t *testing.T) *marquee.TicketVerifier {
	var jwks marquee.JWKS
	text := `{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"k1","alg":"EdDSA","use":"sig","x":"` +
		base64.RawURLEncoding.EncodeToString(tokenPub) + `"}]}`
	if err := json.Unmarshal([]byte(text), &jwks); err != nil {
		t.Fatal(err)
	}
	return marquee.NewTicketVerifier(jwks)
}

func reasonOf(t *testing.T, token string, opts ...marquee.VerifyOption) string {
	t.Helper()
	_, err := testVerifier(t).Verify(token, opts...)
	var refused *marquee.TicketTokenError
	if !errors.As(err, &refused) {
		t.Fatalf("not refused: %v", err)
	}
	return refused.Reason
}

func TestTokenRotatingCodeVerifiesAndSaysSo(t *testing.T) {
	ticket, err := testVerifier(t).Verify(makeToken(tokenSpec{}), marquee.At(tokenNow))
	if err != nil || ticket.Kind != "rotating" || ticket.TicketID != "tik_1" || ticket.EventID != "evt_1" ||
		ticket.TierID != "tkt_1" || ticket.KeyID != "k1" {
		t.Fatalf("%+v %v", ticket, err)
	}
}

func TestTokenPaperPassLivesAsLongAsItsExpSays(t *testing.T) {
	exp := tokenNow.Unix() + 40*86400
	pass := makeToken(tokenSpec{typ: "ticket-pass+jwt", exp: exp})
	ticket, err := testVerifier(t).Verify(pass, marquee.At(tokenNow.Add(30*24*time.Hour)))
	if err != nil || ticket.Kind != "paper" || ticket.ExpiresAt.Unix() != exp {
		t.Fatalf("%+v %v", ticket, err)
	}
	if r := reasonOf(t, pass, marquee.At(time.Unix(exp+31, 0))); r != "expired" {
		t.Fatal(r)
	}
}

func TestTokenWindowIsIatMinus30ToExpPlus30(t *testing.T) {
	token := makeToken(tokenSpec{})
	for _, at := range []time.Time{tokenNow.Add(-30 * time.Second), tokenNow.Add(330 * time.Second)} {
		if _, err := testVerifier(t).Verify(token, marquee.At(at)); err != nil {
			t.Errorf("%v: %v", at, err)
		}
	}
	if r := reasonOf(t, token, marquee.At(tokenNow.Add(-30500*time.Millisecond))); r != "not_yet_valid" {
		t.Error(r)
	}
	if r := reasonOf(t, token, marquee.At(tokenNow.Add(330500*time.Millisecond))); r != "expired" {
		t.Error(r)
	}
}

func TestTokenWhatTheVenueDidNotSignIsRefused(t *testing.T) {
	_, otherKey := mustKey()
	at := marquee.At(tokenNow)
	cases := map[string]struct{ token, reason string }{
		"rotating lives 300 s": {makeToken(tokenSpec{exp: tokenNow.Unix() + 3600}), "malformed"},
		"another key":          {makeToken(tokenSpec{key: otherKey}), "invalid_signature"},
		"unknown kid":          {makeToken(tokenSpec{kid: "unknown"}), "invalid_signature"},
		"typ JWT":              {makeToken(tokenSpec{typ: "JWT"}), "malformed"},
		"alg HS256":            {makeToken(tokenSpec{extra: map[string]any{"alg": "HS256"}}), "malformed"},
		"crit":                 {makeToken(tokenSpec{extra: map[string]any{"crit": []string{"exp"}}}), "malformed"},
		"not a token":          {"not.a.token", "malformed"},
	}
	for name, tc := range cases {
		if r := reasonOf(t, tc.token, at); r != tc.reason {
			t.Errorf("%s: %s, want %s", name, r, tc.reason)
		}
	}
	if r := reasonOf(t, makeToken(tokenSpec{}), at, marquee.ForEvent("evt_2")); r != "wrong_event" {
		t.Error(r)
	}
}
