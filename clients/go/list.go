package marquee

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
)

// Iter walks every item of a list, oldest first, fetching page after page:
//
//	it := client.List(ctx, "/v2/attendees", url.Values{"event_id": {id}, "limit": {"100"}})
//	for it.Next() {
//		var attendee map[string]any
//		if err := it.Decode(&attendee); err != nil { … }
//	}
//	if err := it.Err(); err != nil { … }
type Iter struct {
	client  *Client
	ctx     context.Context
	path    string
	query   url.Values
	page    []json.RawMessage
	current json.RawMessage
	more    bool
	started bool
	err     error
}

// List pages through path with the query given (limit sets the page size).
func (c *Client) List(ctx context.Context, path string, query url.Values) *Iter {
	copied := url.Values{}
	for k, v := range query {
		copied[k] = append([]string(nil), v...)
	}
	return &Iter{client: c, ctx: ctx, path: path, query: copied}
}

// Next moves to the next item, fetching the next page when this one is used up.
func (it *Iter) Next() bool {
	for len(it.page) == 0 {
		if it.err != nil || (it.started && !it.more) {
			return false
		}
		it.fetch()
	}
	it.current, it.page = it.page[0], it.page[1:]
	return true
}

func (it *Iter) fetch() {
	var page struct {
		Data       []json.RawMessage `json:"data"`
		HasMore    bool              `json:"has_more"`
		NextCursor *string           `json:"next_cursor"`
	}
	if it.err = it.client.Get(it.ctx, it.path, it.query, &page); it.err != nil {
		return
	}
	it.started = true
	it.page = page.Data
	it.more = page.HasMore && page.NextCursor != nil
	if it.more {
		if *page.NextCursor == it.query.Get("cursor") {
			it.err = fmt.Errorf("%w: %s: the server handed back the same cursor twice", ErrAPI, it.path)
			return
		}
		it.query.Set("cursor", *page.NextCursor)
	}
}

// Current is the item Next moved to, as JSON.
func (it *Iter) Current() json.RawMessage { return it.current }

// Decode unmarshals the current item into v.
func (it *Iter) Decode(v any) error { return json.Unmarshal(it.current, v) }

// Err is the error that stopped the iteration, if any.
func (it *Iter) Err() error { return it.err }
