package marquee_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"marquee"
)

var (
	webhookSecret = "whsec_" + base64.StdEncoding.EncodeToString([]byte("0123456789abcdefghijklmn"))
	webhookBody   = []byte(`{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}`)
	webhookNow    = time.Unix(1_790_000_000, 0)
)

func signed(body []byte, at time.Time, id, secret string) http.Header {
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	ts := strconv.FormatInt(at.Unix(), 10)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	header := http.Header{}
	header.Set("webhook-id", id)
	header.Set("webhook-timestamp", ts)
	header.Set("webhook-signature", "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	return header
}

func mustWebhook(t *testing.T) *marquee.Webhook {
	t.Helper()
	w, err := marquee.NewWebhook(webhookSecret)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestWebhookGenuineDeliveryAnswersTheMessage(t *testing.T) {
	message, err := mustWebhook(t).VerifyAt(webhookBody, signed(webhookBody, webhookNow, "msg_1", webhookSecret), webhookNow)
	if err != nil || message.Type != "order.created" || message.ID != "msg_1" {
		t.Fatalf("%+v %v", message, err)
	}
}

func TestWebhookAnyOfSeveralSignaturesMayMatch(t *testing.T) {
	other := signed(webhookBody, webhookNow, "msg_1", "whsec_"+base64.StdEncoding.EncodeToString([]byte("xxxxxxxxxxxxxxxxxxxxxxxx")))
	header := signed(webhookBody, webhookNow, "msg_1", webhookSecret)
	header.Set("webhook-signature", other.Get("webhook-signature")+" "+header.Get("webhook-signature"))
	if _, err := mustWebhook(t).VerifyAt(webhookBody, header, webhookNow); err != nil {
		t.Fatal(err)
	}
}

func TestWebhookTamperingIsRefused(t *testing.T) {
	genuine := func() http.Header { return signed(webhookBody, webhookNow, "msg_1", webhookSecret) }
	changed := func(name, value string) http.Header {
		h := genuine()
		if value == "" {
			h.Del(name)
		} else {
			h.Set(name, value)
		}
		return h
	}
	cases := map[string]struct {
		body   []byte
		header http.Header
	}{
		"body changed":    {[]byte(strings.Replace(string(webhookBody), "order", "ordre", 1)), genuine()},
		"id changed":      {webhookBody, changed("webhook-id", "msg_2")},
		"unknown version": {webhookBody, changed("webhook-signature", "v2,"+genuine().Get("webhook-signature")[3:])},
		"empty signature": {webhookBody, changed("webhook-signature", "v1,")},
		"no id":           {webhookBody, changed("webhook-id", "")},
	}
	for name, tc := range cases {
		if _, err := mustWebhook(t).VerifyAt(tc.body, tc.header, webhookNow); !errors.Is(err, marquee.ErrWebhookVerification) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestWebhookTimestampWithinFiveMinutesEitherWay(t *testing.T) {
	w := mustWebhook(t)
	for _, offset := range []time.Duration{-300 * time.Second, 300 * time.Second} {
		if _, err := w.VerifyAt(webhookBody, signed(webhookBody, webhookNow.Add(offset), "msg_1", webhookSecret), webhookNow); err != nil {
			t.Errorf("%v: %v", offset, err)
		}
	}
	for _, offset := range []time.Duration{-301 * time.Second, 301 * time.Second} {
		_, err := w.VerifyAt(webhookBody, signed(webhookBody, webhookNow.Add(offset), "msg_1", webhookSecret), webhookNow)
		if !errors.Is(err, marquee.ErrWebhookVerification) || !strings.Contains(err.Error(), "tolerance") {
			t.Errorf("%v: %v", offset, err)
		}
	}
}

func TestWebhookSecretMustBeBase64(t *testing.T) {
	if _, err := marquee.NewWebhook("whsec_not base64!"); err == nil {
		t.Fatal("accepted a secret that is not base64")
	}
}

// recased copies a signed header's three values under names cased by `name`, into a plain map.
func recased(header http.Header, name func(string) string) map[string]string {
	out := map[string]string{}
	for _, key := range []string{"webhook-id", "webhook-timestamp", "webhook-signature"} {
		out[name(key)] = header.Get(key)
	}
	return out
}

func TestWebhookHeaderNamesInAnyCase(t *testing.T) {
	w := mustWebhook(t)
	genuine := signed(webhookBody, webhookNow, "msg_1", webhookSecret)
	casings := map[string]func(string) string{
		"lower":     strings.ToLower,
		"upper":     strings.ToUpper,
		"canonical": http.CanonicalHeaderKey,
		"odd":       func(name string) string { return "wEbHoOk" + name[len("webhook"):] },
	}
	for casing, name := range casings {
		headers := recased(genuine, name)
		// A plain map, as AWS Lambda (API Gateway) and other serverless runtimes give headers.
		if m, err := w.VerifyMapAt(webhookBody, headers, webhookNow); err != nil || m.ID != "msg_1" {
			t.Errorf("map, %s case: %v", casing, err)
		}
		// An http.Header built by hand as a map literal keeps its keys as written.
		built := http.Header{}
		for key, value := range headers {
			built[key] = []string{value}
		}
		if m, err := w.VerifyAt(webhookBody, built, webhookNow); err != nil || m.ID != "msg_1" {
			t.Errorf("http.Header, %s case: %v", casing, err)
		}
	}
	// Any case still checks the signature: a changed body is refused through the map too.
	tampered := []byte(strings.Replace(string(webhookBody), "order", "ordre", 1))
	if _, err := w.VerifyMapAt(tampered, recased(genuine, strings.ToLower), webhookNow); !errors.Is(err, marquee.ErrWebhookVerification) {
		t.Errorf("tampered body through a map: %v", err)
	}
	if _, err := w.VerifyMapAt(webhookBody, map[string]string{}, webhookNow); !errors.Is(err, marquee.ErrWebhookVerification) {
		t.Errorf("no headers: %v", err)
	}
}
