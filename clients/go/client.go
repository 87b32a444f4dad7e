// Package marquee is a client for a Marquee venue server's /v2 API: typed errors, safe retries
// with idempotency keys, cursor iteration, and offline verification of webhook signatures and
// ticket tokens. Standard library only.
package marquee

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	mathrand "math/rand"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Version of this client, sent in the User-Agent.
const Version = "0.1.0"

// A Retry-After longer than this is the caller's decision, not a silent wait.
const maxRetryAfter = 60 * time.Second

// Client talks to one venue server with one API key. The zero value is not usable: use New.
//
// Every POST carries an Idempotency-Key (made once per call, sent again on each retry), so GETs
// and POSTs are retried on network errors, 429 (after its Retry-After), 409
// idempotency_key_in_use and 5xx, at most MaxRetries times with exponential backoff. PATCH and
// DELETE are retried only after a 429, which the server answers before doing anything.
type Client struct {
	APIKey     string
	BaseURL    string
	HTTPClient *http.Client
	MaxRetries int
	sleep      func(context.Context, time.Duration) error

	rateLimitMu sync.Mutex
	rateLimit   *RateLimit
}

// RateLimit is a key's rate limit from an answer's x-ratelimit-* headers.
type RateLimit struct {
	Limit     int           // requests allowed per minute
	Remaining int           // left in the current minute
	Reset     time.Duration // until the minute ends and Remaining is whole again
}

// RateLimit is the key's rate limit as the last answer that carried it told it, to pace a bulk
// job before it meets a 429; false until then, and while the server's limit is off.
func (c *Client) RateLimit() (RateLimit, bool) {
	c.rateLimitMu.Lock()
	defer c.rateLimitMu.Unlock()
	if c.rateLimit == nil {
		return RateLimit{}, false
	}
	return *c.rateLimit, true
}

func (c *Client) noteRateLimit(header http.Header) {
	var values [3]int
	for i, name := range []string{"Limit", "Remaining", "Reset"} {
		value, err := strconv.Atoi(header.Get("X-Ratelimit-" + name))
		if err != nil {
			return
		}
		values[i] = value
	}
	c.rateLimitMu.Lock()
	defer c.rateLimitMu.Unlock()
	c.rateLimit = &RateLimit{Limit: values[0], Remaining: values[1], Reset: time.Duration(values[2]) * time.Second}
}

// New makes a client for the server at baseURL (e.g. http://127.0.0.1:4380).
func New(apiKey, baseURL string) *Client {
	return &Client{
		APIKey:     apiKey,
		BaseURL:    strings.TrimRight(baseURL, "/"),
		HTTPClient: &http.Client{Timeout: 30 * time.Second},
		MaxRetries: 2,
		sleep:      sleepContext,
	}
}

// RequestOption changes one request.
type RequestOption func(*requestOptions)

type requestOptions struct{ idempotencyKey string }

// WithIdempotencyKey sends this Idempotency-Key instead of a fresh one: repeat a call with the
// same key and body and the server answers the first result again.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

// Get decodes the answer into out (nil to discard it).
func (c *Client) Get(ctx context.Context, path string, query url.Values, out any) error {
	return c.Do(ctx, http.MethodGet, path, query, nil, out)
}

// Post sends body as JSON (nil for none) and decodes the answer into out.
func (c *Client) Post(ctx context.Context, path string, body, out any, opts ...RequestOption) error {
	return c.Do(ctx, http.MethodPost, path, nil, body, out, opts...)
}

func (c *Client) Patch(ctx context.Context, path string, body, out any) error {
	return c.Do(ctx, http.MethodPatch, path, nil, body, out)
}

func (c *Client) Delete(ctx context.Context, path string, out any) error {
	return c.Do(ctx, http.MethodDelete, path, nil, nil, out)
}

// Do sends one logical request, retrying it where that is safe.
func (c *Client) Do(ctx context.Context, method, path string, query url.Values, body, out any, opts ...RequestOption) error {
	var options requestOptions
	for _, opt := range opts {
		opt(&options)
	}
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("marquee: encoding the body: %w", err)
		}
	}
	target := c.BaseURL + "/" + strings.TrimLeft(path, "/")
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	header := http.Header{}
	header.Set("Authorization", "Bearer "+c.APIKey)
	header.Set("Accept", "application/json")
	header.Set("User-Agent", "marquee-go/"+Version)
	if payload != nil {
		header.Set("Content-Type", "application/json")
	}
	if method == http.MethodPost {
		key := options.idempotencyKey
		if key == "" {
			key = newIdempotencyKey()
		}
		header.Set("Idempotency-Key", key)
	}
	safe := method == http.MethodGet || method == http.MethodPost

	for attempt := 0; ; attempt++ {
		status, responseHeader, data, err := c.sendOnce(ctx, method, target, header, payload)
		if err != nil {
			networkErr := fmt.Errorf("%w: %s %s: %v", ErrNetwork, method, path, err)
			if ctx.Err() != nil || !safe || attempt >= c.MaxRetries {
				return networkErr
			}
			if err := c.waitToRetry(ctx, backoff(attempt), networkErr); err != nil {
				return err
			}
			continue
		}
		c.noteRateLimit(responseHeader)
		if status < 300 {
			if out == nil || len(data) == 0 {
				return nil
			}
			if err := json.Unmarshal(data, out); err != nil {
				return fmt.Errorf("%w: %s %s: decoding the answer: %v", ErrAPI, method, path, err)
			}
			return nil
		}
		retryAfter, hasRetryAfter := parseRetryAfter(responseHeader.Get("Retry-After"))
		apiErr := errorFromResponse(status, data, responseHeader.Get("X-Request-Id"), retryAfter)
		if attempt >= c.MaxRetries || !retryable(method, apiErr) || (hasRetryAfter && retryAfter > maxRetryAfter) {
			return apiErr
		}
		delay := backoff(attempt)
		if hasRetryAfter && retryAfter > delay {
			delay = retryAfter
		}
		if err := c.waitToRetry(ctx, delay, apiErr); err != nil {
			return err
		}
	}
}

// waitToRetry waits delay before the next attempt. When ctx ends first, or its deadline would
// pass before the wait is over (a wait is then not started), it answers the error that asked for
// the wait, still matching ctx's error: a 429 stays an *Error with its RetryAfter. It answered
// only ctx's error before, after sitting out the wait up to the deadline, so a caller with a 10 s
// deadline waited 10 s for a Retry-After of 56 s and got "context deadline exceeded".
func (c *Client) waitToRetry(ctx context.Context, delay time.Duration, last error) error {
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < delay {
		return &notRetried{last: last, cause: context.DeadlineExceeded, wait: delay}
	}
	if err := c.sleep(ctx, delay); err != nil {
		return &notRetried{last: last, cause: err, wait: delay}
	}
	return nil
}

func (c *Client) sendOnce(ctx context.Context, method, target string, header http.Header, payload []byte) (int, http.Header, []byte, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	request, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return 0, nil, nil, err
	}
	request.Header = header.Clone()
	response, err := c.HTTPClient.Do(request)
	if err != nil {
		return 0, nil, nil, err
	}
	defer response.Body.Close()
	data, err := io.ReadAll(response.Body)
	if err != nil {
		return 0, nil, nil, err
	}
	return response.StatusCode, response.Header, data, nil
}

func retryable(method string, err *Error) bool {
	if err.Status == http.StatusTooManyRequests {
		return true // refused before anything ran, whatever the method
	}
	if method != http.MethodGet && method != http.MethodPost {
		return false
	}
	if err.Status == http.StatusConflict {
		return err.Code == "idempotency_key_in_use"
	}
	switch err.Status {
	case 500, 502, 503, 504:
		return true
	}
	return false
}

// backoff: 0.5 s, 1 s, 2 s, … (at most 8 s), each between half and all of it, so clients spread out.
func backoff(attempt int) time.Duration {
	ceiling := math.Min(8, 0.5*math.Pow(2, float64(attempt)))
	return time.Duration(ceiling * (0.5 + mathrand.Float64()/2) * float64(time.Second))
}

func parseRetryAfter(value string) (time.Duration, bool) {
	if value == "" {
		return 0, false
	}
	if seconds, err := strconv.ParseFloat(value, 64); err == nil {
		return time.Duration(math.Max(0, seconds) * float64(time.Second)), true
	}
	if at, err := http.ParseTime(value); err == nil {
		if wait := time.Until(at); wait > 0 {
			return wait, true
		}
		return 0, true
	}
	return 0, false
}

func sleepContext(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// newIdempotencyKey: a random (version 4) UUID.
func newIdempotencyKey() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(errors.New("marquee: no randomness for an idempotency key"))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
