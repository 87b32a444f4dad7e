package marquee

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Retries and typed errors against a scripted HTTP server on 127.0.0.1: the failures a live server
// cannot be made to produce on demand (503s, 429s with Retry-After, refused connections).

type answer struct {
	status int
	body   string
	header map[string]string
}

type received struct {
	method, key, body string
}

func scripted(t *testing.T, answers ...answer) (*Client, *[]received, *[]time.Duration) {
	var mu sync.Mutex
	var requests []received
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		requests = append(requests, received{r.Method, r.Header.Get("Idempotency-Key"), string(body)})
		next := answers[0]
		answers = answers[1:]
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Request-Id", "req-7")
		for k, v := range next.header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(next.status)
		_, _ = io.WriteString(w, next.body)
	}))
	t.Cleanup(server.Close)
	var sleeps []time.Duration
	c := New("sk_live_test", server.URL)
	c.sleep = func(_ context.Context, d time.Duration) error { sleeps = append(sleeps, d); return nil }
	return c, &requests, &sleeps
}

func refusal(status int, typ, code string) answer {
	return answer{status, `{"error":{"type":"` + typ + `","code":"` + code + `","message":"` + code + `!"}}`, nil}
}

func TestPostIsRetriedWithTheSameIdempotencyKey(t *testing.T) {
	c, requests, sleeps := scripted(t, refusal(503, "api_error", "unavailable"),
		refusal(409, "conflict_error", "idempotency_key_in_use"), answer{200, `{"id":"ord_1"}`, nil})
	var out struct{ ID string }
	if err := c.Post(context.Background(), "/v2/orders", map[string]int{"a": 1}, &out); err != nil || out.ID != "ord_1" {
		t.Fatalf("%v %v", out, err)
	}
	r := *requests
	if len(r) != 3 || r[0].key == "" || r[0].key != r[1].key || r[1].key != r[2].key || r[2].body != `{"a":1}` {
		t.Fatalf("%+v", r)
	}
	s := *sleeps
	if len(s) != 2 || s[0] < 250*time.Millisecond || s[0] > 500*time.Millisecond || s[1] < 500*time.Millisecond || s[1] > time.Second {
		t.Fatalf("sleeps %v", s)
	}
}

func TestEachPostCallGetsAKeyOfItsOwn(t *testing.T) {
	c, requests, _ := scripted(t, answer{200, `{}`, nil}, answer{200, `{}`, nil})
	_ = c.Post(context.Background(), "/v2/x", map[string]any{}, nil)
	_ = c.Post(context.Background(), "/v2/x", map[string]any{}, nil)
	if r := *requests; r[0].key == r[1].key {
		t.Fatalf("same key twice: %s", r[0].key)
	}
}

func Test429WaitsForRetryAfterThenGivesUpTyped(t *testing.T) {
	limited := refusal(429, "rate_limit_error", "rate_limited")
	limited.header = map[string]string{"Retry-After": "3"}
	c, requests, sleeps := scripted(t, limited, limited, limited)
	err := c.Patch(context.Background(), "/v2/events/evt_1", map[string]string{"title": "x"}, nil) // 429: even a PATCH
	var apiErr *Error
	if !errors.Is(err, ErrRateLimit) || !errors.As(err, &apiErr) || apiErr.RetryAfter != 3*time.Second || apiErr.RequestID != "req-7" {
		t.Fatalf("%v", err)
	}
	if s := *sleeps; len(*requests) != 3 || len(s) != 2 || s[0] != 3*time.Second || s[1] != 3*time.Second {
		t.Fatalf("requests %d sleeps %v", len(*requests), s)
	}
}

func TestALongRetryAfterIsLeftToTheCaller(t *testing.T) {
	limited := refusal(429, "rate_limit_error", "rate_limited")
	limited.header = map[string]string{"Retry-After": "600"}
	c, requests, sleeps := scripted(t, limited)
	if err := c.Get(context.Background(), "/v2/events", nil, nil); !errors.Is(err, ErrRateLimit) {
		t.Fatal(err)
	}
	if len(*requests) != 1 || len(*sleeps) != 0 {
		t.Fatalf("requests %d sleeps %v", len(*requests), *sleeps)
	}
}

func TestUnsafeAndFinalAnswersAreNotRetried(t *testing.T) {
	invalid := refusal(400, "invalid_request_error", "invalid_field")
	invalid.body = `{"error":{"type":"invalid_request_error","code":"invalid_field","message":"bad","param":"x"}}`
	c, requests, _ := scripted(t, refusal(503, "api_error", "unavailable"), invalid, refusal(409, "conflict_error", "sold_out"))
	ctx := context.Background()
	if err := c.Delete(ctx, "/v2/tiers/tkt_1", nil); !errors.Is(err, ErrAPI) {
		t.Fatal(err)
	}
	var apiErr *Error
	if err := c.Post(ctx, "/v2/events", map[string]any{}, nil); !errors.Is(err, ErrInvalidRequest) || !errors.As(err, &apiErr) || apiErr.Param != "x" {
		t.Fatal(err)
	}
	if err := c.Post(ctx, "/v2/orders", map[string]any{}, nil); !errors.Is(err, ErrConflict) || !errors.As(err, &apiErr) || apiErr.Code != "sold_out" {
		t.Fatal(err)
	}
	if len(*requests) != 3 {
		t.Fatalf("requests %d", len(*requests))
	}
}

func TestNetworkErrorsAreRetriedForGetThenReturnedTyped(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0") // a port nobody will listen on
	if err != nil {
		t.Fatal(err)
	}
	address := listener.Addr().String()
	listener.Close()
	var sleeps []time.Duration
	c := New("sk_live_test", "http://"+address)
	c.MaxRetries = 3
	c.sleep = func(_ context.Context, d time.Duration) error { sleeps = append(sleeps, d); return nil }
	if err := c.Get(context.Background(), "/v2/events", nil, nil); !errors.Is(err, ErrNetwork) || len(sleeps) != 3 {
		t.Fatalf("%v after %d sleeps", err, len(sleeps))
	}
}

func TestAnAnswerWithoutAnEnvelopeIsTypedByItsStatus(t *testing.T) {
	c, _, _ := scripted(t, answer{404, `{"unexpected":true}`, nil})
	err := c.Get(context.Background(), "/v2/nowhere", nil, nil)
	var apiErr *Error
	if !errors.Is(err, ErrNotFound) || !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "" {
		t.Fatal(err)
	}
}
