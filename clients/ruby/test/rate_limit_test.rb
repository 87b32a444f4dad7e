# frozen_string_literal: true

require_relative 'test_helper'

# The client at a live server's per-key rate limit (MARQUEE_RATE_LIMIT=3 a minute): the 429 the
# server really sends, with its real Retry-After (the rest of the minute). The waits' cap and the
# Idempotency-Key kept across retries against scripted answers are in retries_test.rb.
class RateLimitTest < Minitest::Test
  EVENT = { title: 'Night show', venue: 'Main hall', doors_at: '2030-12-24T19:00:00Z' }.freeze

  # The server, its key's 3 requests of this minute used up (once for the whole class).
  def self.limited
    @limited ||= TestServer.rate_limited.tap do |server|
      client = Marquee::Client.new(server['api_key'], base_url: server['url'])
      3.times { client.get('/v2/events') }
    end
  end

  def server = self.class.limited

  def test_the_client_tells_the_keys_rate_limit_from_the_last_answer
    client = Marquee::Client.new(server['api_key'], base_url: server['url'], max_retries: 0)
    assert_nil client.rate_limit
    error = assert_raises(Marquee::RateLimitError) { client.get('/v2/events') }
    assert_equal Marquee::RateLimit.new(3, 0, error.retry_after), client.rate_limit
  end

  def test_a_429_is_a_rate_limit_error_carrying_the_servers_retry_after
    client = Marquee::Client.new(server['api_key'], base_url: server['url'], max_retries: 0)
    error = assert_raises(Marquee::RateLimitError) { client.get('/v2/events') }
    assert_equal [429, 'rate_limited'], [error.status, error.code]
    assert_match(/\Areq-/, error.request_id)
    assert_operator error.retry_after, :>, 0
    assert_operator error.retry_after, :<=, 60
  end

  def test_a_post_waits_out_the_servers_retry_after_at_most_twice_then_raises
    waits = []
    client = Marquee::Client.new(server['api_key'], base_url: server['url'], sleeper: ->(s) { waits << s })
    error = assert_raises(Marquee::RateLimitError) { client.post('/v2/events', EVENT) }
    assert_equal 2, waits.size # max_retries
    # The window only shrinks: each wait was at least the Retry-After of the answer that ends the call.
    assert(waits.all? { |wait| wait >= error.retry_after })
  end
end
