package marquee_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"marquee"
)

// The client at a live server's per-key rate limit (MARQUEE_RATE_LIMIT=3 a minute): the 429 the
// server really sends, with its real Retry-After (the rest of the minute). Retry-After's waits,
// their cap and the Idempotency-Key kept across retries are in retries_test.go.
func TestAtTheRateLimitOfALiveServer(t *testing.T) {
	live, stop, err := startServer("--rate-limit=3")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	c := marquee.New(live.APIKey, live.URL)
	for i := 0; i < 3; i++ {
		if err := c.Get(context.Background(), "/v2/events", nil, nil); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("the client tells the key's rate limit from the last answer", func(t *testing.T) {
		fresh := marquee.New(live.APIKey, live.URL)
		fresh.MaxRetries = 0
		if _, ok := fresh.RateLimit(); ok {
			t.Fatal("a rate limit before any answer")
		}
		var apiErr *marquee.Error
		if err := fresh.Get(context.Background(), "/v2/events", nil, nil); !errors.As(err, &apiErr) {
			t.Fatalf("want a 429, got %v", err)
		}
		got, ok := fresh.RateLimit()
		if want := (marquee.RateLimit{Limit: 3, Remaining: 0, Reset: apiErr.RetryAfter}); !ok || got != want {
			t.Fatalf("rate limit %+v (%v), want %+v", got, ok, want)
		}
	})

	t.Run("a 429 is an *Error carrying the Retry-After the server sent", func(t *testing.T) {
		once := marquee.New(live.APIKey, live.URL)
		once.MaxRetries = 0
		err := once.Get(context.Background(), "/v2/events", nil, nil)
		var apiErr *marquee.Error
		if !errors.Is(err, marquee.ErrRateLimit) || !errors.As(err, &apiErr) {
			t.Fatalf("want a rate limit *Error, got %v", err)
		}
		if apiErr.Code != "rate_limited" || apiErr.RetryAfter <= 0 || apiErr.RetryAfter > time.Minute {
			t.Fatalf("code %q, RetryAfter %v", apiErr.Code, apiErr.RetryAfter)
		}
	})

	// It waited until the deadline and answered only "context deadline exceeded": the 429 was lost.
	t.Run("a deadline before Retry-After ends answers the 429 at once", func(t *testing.T) {
		// The window began with the calls above: its Retry-After is near 60 s, past this deadline.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		started := time.Now()
		err := c.Post(ctx, "/v2/events", map[string]string{"title": "Night show", "venue": "Main hall",
			"doors_at": "2030-12-24T19:00:00Z"}, nil)
		var apiErr *marquee.Error
		if !errors.As(err, &apiErr) || apiErr.RetryAfter <= 0 || !errors.Is(err, marquee.ErrRateLimit) {
			t.Fatalf("want the 429 with its RetryAfter, got %v", err)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("want it to match context.DeadlineExceeded too, got %v", err)
		}
		if waited := time.Since(started); waited > 10*time.Second {
			t.Fatalf("answered after %v, not at once", waited)
		}
	})
}
