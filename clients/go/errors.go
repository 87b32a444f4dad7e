package marquee

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Error is a refusal from the API: the error envelope plus the answer's status and request id.
// Match its kind with errors.Is(err, marquee.ErrConflict) (and the like), and read the details
// with errors.As(err, &apiErr).
type Error struct {
	Status     int
	Type       string // invalid_request_error, conflict_error, …
	Code       string // the stable machine code: sold_out, tier_has_sales, invalid_field, …
	Message    string
	Param      string // the one field at fault, when there is one
	RequestID  string // the answer's x-request-id
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	text := fmt.Sprintf("marquee: %d %s: %s", e.Status, e.Code, e.Message)
	if e.Param != "" {
		text += " (param " + e.Param + ")"
	}
	if e.RequestID != "" {
		text += " [request " + e.RequestID + "]"
	}
	return text
}

// Is makes errors.Is(err, ErrConflict) true for a conflict_error, and so on for each kind.
func (e *Error) Is(target error) bool {
	return target == kindOf(e)
}

// The kinds of refusal, one per error type of the envelope.
var (
	ErrInvalidRequest = errors.New("marquee: invalid request")       // 400, 408, 413, 415, 431
	ErrAuthentication = errors.New("marquee: authentication failed") // 401
	ErrPermission     = errors.New("marquee: permission denied")     // 403
	ErrNotFound       = errors.New("marquee: not found")             // 404
	ErrConflict       = errors.New("marquee: conflict")              // 409
	ErrRateLimit      = errors.New("marquee: rate limited")          // 429
	ErrAPI            = errors.New("marquee: API error")             // 500, or an answer not understood
	// ErrNetwork wraps a request that got no answer at all (refused, reset, timed out).
	ErrNetwork = errors.New("marquee: network error")
)

var kindsByType = map[string]error{
	"invalid_request_error": ErrInvalidRequest,
	"authentication_error":  ErrAuthentication,
	"permission_error":      ErrPermission,
	"not_found_error":       ErrNotFound,
	"conflict_error":        ErrConflict,
	"rate_limit_error":      ErrRateLimit,
	"api_error":             ErrAPI,
}

var kindsByStatus = map[int]error{
	400: ErrInvalidRequest, 401: ErrAuthentication, 403: ErrPermission,
	404: ErrNotFound, 409: ErrConflict, 429: ErrRateLimit,
}

// kindOf: the envelope's type decides, the status when the type is absent or unknown.
func kindOf(e *Error) error {
	if kind, ok := kindsByType[e.Type]; ok {
		return kind
	}
	if kind, ok := kindsByStatus[e.Status]; ok {
		return kind
	}
	return ErrAPI
}

func errorFromResponse(status int, body []byte, requestID string, retryAfter time.Duration) *Error {
	var envelope struct {
		Error struct {
			Type    string `json:"type"`
			Code    string `json:"code"`
			Message string `json:"message"`
			Param   string `json:"param"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &envelope) // an answer without an envelope is typed by its status
	message := envelope.Error.Message
	if message == "" {
		message = fmt.Sprintf("HTTP %d", status)
	}
	return &Error{Status: status, Type: envelope.Error.Type, Code: envelope.Error.Code, Message: message,
		Param: envelope.Error.Param, RequestID: requestID, RetryAfter: retryAfter}
}

// notRetried is the answer a retry was waiting out when the context ended first (or would have):
// it reads as that answer (errors.As finds its *Error, with RetryAfter) and matches the context's
// error with errors.Is.
type notRetried struct {
	last  error
	cause error
	wait  time.Duration
}

func (e *notRetried) Error() string {
	return fmt.Sprintf("%v (not retried after %v: %v)", e.last, e.wait, e.cause)
}

func (e *notRetried) Unwrap() error { return e.last }

func (e *notRetried) Is(target error) bool { return target == e.cause }
