package marquee_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"marquee"
	"marquee/examples"
)

type event struct {
	ID string `json:"id"`
}

type tier struct {
	ID   string `json:"id"`
	Sold int    `json:"sold"`
}

type ticket struct {
	ID      string `json:"id"`
	QRToken string `json:"qr_token"`
}

type order struct {
	ID      string   `json:"id"`
	Status  string   `json:"status"`
	Tickets []ticket `json:"tickets"`
}

type delivery struct {
	body   []byte
	header http.Header
}

func newClient() *marquee.Client { return marquee.New(server.APIKey, server.URL) }

func newEvent(t *testing.T, c *marquee.Client, quantity int) (event, tier) {
	t.Helper()
	ctx := context.Background()
	var e event
	var tr tier
	must(t, c.Post(ctx, "/v2/events", map[string]any{"title": "Night show", "venue": "Main hall",
		"doors_at": "2030-12-24T19:00:00+00:00"}, &e))
	must(t, c.Post(ctx, "/v2/events/"+e.ID+"/tiers", map[string]any{"name": "General admission",
		"price_cents": 2500, "quantity": quantity}, &tr))
	must(t, c.Post(ctx, "/v2/events/"+e.ID+"/publish", nil, nil))
	return e, tr
}

func checkout(c *marquee.Client, e event, tr tier, quantity int, opts ...marquee.RequestOption) (order, error) {
	var o order
	err := c.Post(context.Background(), "/v2/orders", map[string]any{
		"event_id":       e.ID,
		"items":          []map[string]any{{"tier_id": tr.ID, "quantity": quantity}},
		"buyer":          map[string]string{"name": "Ada Lovelace", "email": "ada@example.com"},
		"payment_method": "cash",
	}, &o, opts...)
	return o, err
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSellReadVerifyReceivePageAndRefuse(t *testing.T) {
	ctx := context.Background()
	c := newClient()

	// A webhook receiver on 127.0.0.1 (net/http/httptest) that passes on what arrives.
	deliveries := make(chan delivery, 16)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- delivery{body, r.Header.Clone()}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()

	e, tr := newEvent(t, c, 10)
	var endpoint struct{ Secret string }
	must(t, c.Post(ctx, "/v2/webhook_endpoints", map[string]any{"url": receiver.URL + "/hooks",
		"events": []string{"order.created"}}, &endpoint))
	o, err := checkout(c, e, tr, 3)
	must(t, err)
	if o.Status != "paid" || len(o.Tickets) != 3 {
		t.Fatalf("order %+v", o)
	}

	// The ticket, read back, carries a token that verifies offline against the JWKS.
	var tk ticket
	must(t, c.Get(ctx, "/v2/tickets/"+o.Tickets[0].ID, nil, &tk))
	verifier, err := c.TicketVerifier(ctx)
	must(t, err)
	verified, err := verifier.Verify(tk.QRToken, marquee.ForEvent(e.ID))
	must(t, err)
	if verified.Kind != "rotating" || verified.TicketID != tk.ID || verified.EventID != e.ID || verified.TierID != tr.ID ||
		verified.ExpiresAt.Sub(verified.IssuedAt) != 300*time.Second {
		t.Fatalf("verified %+v", verified)
	}

	// The order.created delivery verifies with the endpoint's secret, and not with another.
	var got delivery
	select {
	case got = <-deliveries:
	case <-time.After(20 * time.Second):
		t.Fatal("no webhook delivery in 20 s")
	}
	webhook, err := marquee.NewWebhook(endpoint.Secret)
	must(t, err)
	message, err := webhook.Verify(got.body, got.header)
	must(t, err)
	var sold order
	must(t, json.Unmarshal(message.Data.Object, &sold))
	if message.Type != "order.created" || sold.ID != o.ID {
		t.Fatalf("message %s %s", message.Type, sold.ID)
	}
	// The same delivery as AWS Lambda behind API Gateway hands it over: a plain map, names in lower case.
	lambda := map[string]string{}
	for name := range got.header {
		lambda[strings.ToLower(name)] = got.header.Get(name)
	}
	if m, err := webhook.VerifyMap(got.body, lambda); err != nil || m.ID != message.ID {
		t.Fatalf("headers as a lower-case map: %v", err)
	}
	var other struct{ Secret string }
	must(t, c.Post(ctx, "/v2/webhook_endpoints", map[string]any{"url": receiver.URL, "events": []string{"payout.paid"}}, &other))
	otherWebhook, err := marquee.NewWebhook(other.Secret)
	must(t, err)
	if _, err := otherWebhook.Verify(got.body, got.header); !errors.Is(err, marquee.ErrWebhookVerification) {
		t.Fatalf("another endpoint's secret: %v", err)
	}

	// The documented snippets, on the same real delivery and token.
	if m, err := examples.VerifyWebhook(endpoint.Secret, got.body, got.header); err != nil || m.ID != message.ID {
		t.Fatalf("example webhook: %v", err)
	}
	if v, err := examples.VerifyTicket(ctx, server.URL, tk.QRToken); err != nil || v.TicketID != tk.ID {
		t.Fatalf("example ticket: %v", err)
	}

	// Three attendees, one per page: the iterator follows next_cursor to the end.
	it := c.List(ctx, "/v2/attendees", url.Values{"event_id": {e.ID}, "limit": {"1"}})
	var ticketIDs []string
	for it.Next() {
		var attendee struct {
			TicketID string `json:"ticket_id"`
		}
		must(t, it.Decode(&attendee))
		ticketIDs = append(ticketIDs, attendee.TicketID)
	}
	must(t, it.Err())
	if strings.Join(ticketIDs, ",") != o.Tickets[0].ID+","+o.Tickets[1].ID+","+o.Tickets[2].ID {
		t.Fatalf("attendees %v", ticketIDs)
	}

	// A tier with sales cannot be deleted: 409 as a typed conflict.
	err = c.Delete(ctx, "/v2/tiers/"+tr.ID, nil)
	var apiErr *marquee.Error
	if !errors.Is(err, marquee.ErrConflict) || !errors.As(err, &apiErr) {
		t.Fatalf("delete: %v", err)
	}
	if apiErr.Status != 409 || apiErr.Code != "tier_has_sales" || apiErr.Type != "conflict_error" || apiErr.RequestID == "" {
		t.Fatalf("delete: %+v", apiErr)
	}
}

func TestSoldOutIsAConflict(t *testing.T) {
	c := newClient()
	e, tr := newEvent(t, c, 1)
	_, err := checkout(c, e, tr, 1)
	must(t, err)
	_, err = checkout(c, e, tr, 1)
	var apiErr *marquee.Error
	if !errors.Is(err, marquee.ErrConflict) || !errors.As(err, &apiErr) || apiErr.Code != "sold_out" {
		t.Fatalf("second checkout: %v", err)
	}
}

func TestARepeatedIdempotencyKeyReplaysTheFirstAnswer(t *testing.T) {
	c := newClient()
	e, tr := newEvent(t, c, 10)
	key := marquee.WithIdempotencyKey("replay-" + e.ID)
	first, err := checkout(c, e, tr, 1, key)
	must(t, err)
	again, err := checkout(c, e, tr, 1, key)
	must(t, err)
	fresh, err := checkout(c, e, tr, 1)
	must(t, err)
	if again.ID != first.ID || fresh.ID == first.ID {
		t.Fatalf("first %s again %s fresh %s", first.ID, again.ID, fresh.ID)
	}
	var after tier
	must(t, c.Get(context.Background(), "/v2/tiers/"+tr.ID, nil, &after))
	if after.Sold != 2 {
		t.Fatalf("sold %d", after.Sold)
	}
	_, err = checkout(c, e, tr, 2, key)
	var apiErr *marquee.Error
	if !errors.As(err, &apiErr) || apiErr.Code != "idempotency_key_reused" {
		t.Fatalf("reused key: %v", err)
	}
}

func TestRefusalsAreTyped(t *testing.T) {
	ctx := context.Background()
	c := newClient()
	check := func(err error, kind error, code, param string) {
		t.Helper()
		var apiErr *marquee.Error
		if !errors.Is(err, kind) || !errors.As(err, &apiErr) || apiErr.Code != code || apiErr.Param != param {
			t.Fatalf("want %v %s %s, got %v", kind, code, param, err)
		}
	}
	check(c.Get(ctx, "/v2/events/evt_00000000000000000000", nil, nil), marquee.ErrNotFound, "resource_missing", "id")
	check(c.Post(ctx, "/v2/events", map[string]any{"title": "No venue", "doors_at": "2030-12-24T19:00:00Z"}, nil),
		marquee.ErrInvalidRequest, "missing_field", "venue")
	check(marquee.New("sk_live_notakeyofthisserver00", server.URL).Get(ctx, "/v2/events", nil, nil),
		marquee.ErrAuthentication, "invalid_api_key", "")
	var scanner struct{ Secret string }
	must(t, c.Post(ctx, "/v2/api_keys", map[string]any{"name": "door", "scope": "scanner"}, &scanner))
	check(marquee.New(scanner.Secret, server.URL).Get(ctx, "/v2/orders", nil, nil),
		marquee.ErrPermission, "insufficient_scope", "")
}

func TestAForgedTokenIsRefused(t *testing.T) {
	c := newClient()
	e, tr := newEvent(t, c, 10)
	o, err := checkout(c, e, tr, 1)
	must(t, err)
	token := o.Tickets[0].QRToken
	verifier, err := c.TicketVerifier(context.Background())
	must(t, err)
	parts := strings.Split(token, ".")
	reason := func(err error) string {
		var refused *marquee.TicketTokenError
		if errors.As(err, &refused) {
			return refused.Reason
		}
		return ""
	}
	_, err = verifier.Verify(parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2])))
	if reason(err) != "invalid_signature" {
		t.Fatalf("forged: %v", err)
	}
	if _, err = verifier.Verify(token, marquee.ForEvent("evt_someotherevent0000")); reason(err) != "wrong_event" {
		t.Fatalf("other event: %v", err)
	}
}

func TestAKeptVerifierFollowsAKeyRotationAtMostEvery30s(t *testing.T) {
	c := newClient()
	ctx := context.Background()
	e, tr := newEvent(t, c, 10)
	sell := func() string {
		o, err := checkout(c, e, tr, 1)
		must(t, err)
		return o.Tickets[0].QRToken
	}
	reason := func(err error) string {
		var refused *marquee.TicketTokenError
		if errors.As(err, &refused) {
			return refused.Reason
		}
		return fmt.Sprint(err)
	}
	parts := strings.Split(sell(), ".")
	head, _ := base64.RawURLEncoding.DecodeString(parts[0])
	var header map[string]any
	must(t, json.Unmarshal(head, &header))
	header["kid"] = "not-the-venues"
	head, _ = json.Marshal(header)
	stranger := base64.RawURLEncoding.EncodeToString(head) + "." + parts[1] + "." + parts[2]

	fromClient, err := c.TicketVerifier(ctx)
	must(t, err)
	fetched, err := marquee.FetchTicketVerifier(ctx, server.URL)
	must(t, err)
	for _, verifier := range []*marquee.TicketVerifier{fromClient, fetched} {
		start := time.Now()
		// An unknown kid fetches the JWKS again, which does not hold it either: refused.
		if _, err := verifier.Verify(stranger, marquee.At(start)); reason(err) != "invalid_signature" {
			t.Fatalf("stranger: %v", err)
		}
		var rotated struct {
			ActiveKid string `json:"active_kid"`
		}
		must(t, c.Post(ctx, "/v2/scan/keys/rotate", nil, &rotated))
		token := sell()
		// Within 30 s of the last fetch: not again.
		if _, err := verifier.Verify(token, marquee.At(start.Add(time.Second))); reason(err) != "invalid_signature" {
			t.Fatalf("within the cooldown: %v", err)
		}
		verified, err := verifier.Verify(token, marquee.At(start.Add(31*time.Second)))
		must(t, err)
		if verified.KeyID != rotated.ActiveKid {
			t.Fatalf("key %s, want %s", verified.KeyID, rotated.ActiveKid)
		}
	}

	// One made from a saved JWKS never goes to the network.
	var jwks marquee.JWKS
	must(t, c.Get(ctx, "/v2/scan/jwks", nil, &jwks))
	saved := marquee.NewTicketVerifier(jwks)
	must(t, c.Post(ctx, "/v2/scan/keys/rotate", nil, nil))
	if _, err := saved.Verify(sell()); reason(err) != "invalid_signature" {
		t.Fatalf("saved: %v", err)
	}
}
