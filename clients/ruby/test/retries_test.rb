# frozen_string_literal: true

require_relative 'test_helper'
require 'socket'

# Retries and typed errors against a scripted HTTP server on 127.0.0.1: the failures a live server
# cannot be made to produce on demand (503s, 429s with Retry-After, refused connections).
class RetriesTest < Minitest::Test
  # Answers each request (one per connection) with the next scripted [status, body, headers].
  class Scripted
    attr_reader :requests, :url

    def initialize(*answers)
      @answers = answers
      @requests = []
      @server = TCPServer.new('127.0.0.1', 0)
      @url = "http://127.0.0.1:#{@server.addr[1]}"
      @thread = Thread.new { loop { answer(@server.accept) } }
    end

    def close
      @thread.kill
      @server.close
    end

    private

    def answer(socket)
      method = socket.gets.split(' ').first
      headers = {}
      while (line = socket.gets) && line != "\r\n"
        name, value = line.split(':', 2)
        headers[name.downcase] = value.strip
      end
      @requests << [method, headers, socket.read(headers['content-length'].to_i)]
      status, body, extra = @answers.shift
      data = JSON.generate(body)
      head = { 'content-type' => 'application/json', 'x-request-id' => 'req-7', 'content-length' => data.bytesize,
               'connection' => 'close' }.merge(extra || {})
      socket.write("HTTP/1.1 #{status} X\r\n#{head.map { |k, v| "#{k}: #{v}\r\n" }.join}\r\n#{data}")
    ensure
      socket.close
    end
  end

  def refusal(status, type, code, param = nil)
    [status, { 'error' => { 'type' => type, 'code' => code, 'message' => "#{code}!", 'param' => param } }]
  end

  def with_server(*answers)
    server = Scripted.new(*answers)
    sleeps = []
    yield server, Marquee::Client.new('sk_live_test', base_url: server.url, sleeper: sleeps.method(:<<)), sleeps
  ensure
    server&.close
  end

  def test_a_post_is_retried_with_the_same_idempotency_key
    with_server(refusal(503, 'api_error', 'unavailable'), refusal(409, 'conflict_error', 'idempotency_key_in_use'),
                [200, { 'id' => 'ord_1' }]) do |server, client, sleeps|
      assert_equal({ 'id' => 'ord_1' }, client.post('/v2/orders', { 'a' => 1 }))
      keys = server.requests.map { |r| r[1]['idempotency-key'] }
      assert_equal 3, keys.size
      assert_equal 1, keys.uniq.size
      refute_nil keys.first
      assert_equal ['{"a":1}'] * 3, server.requests.map(&:last)
      assert_equal 2, sleeps.size
      assert_includes 0.25..0.5, sleeps[0]
      assert_includes 0.5..1.0, sleeps[1]
    end
  end

  def test_each_post_call_gets_a_key_of_its_own
    with_server([200, {}], [200, {}]) do |server, client, _|
      client.post('/v2/x', {})
      client.post('/v2/x', {})
      refute_equal server.requests[0][1]['idempotency-key'], server.requests[1][1]['idempotency-key']
    end
  end

  def test_429_waits_for_retry_after_then_gives_up_typed
    limited = refusal(429, 'rate_limit_error', 'rate_limited') + [{ 'retry-after' => '3' }]
    with_server(limited, limited, limited) do |server, client, sleeps|
      error = assert_raises(Marquee::RateLimitError) { client.patch('/v2/events/evt_1', { 'title' => 'x' }) }
      assert_equal [3.0, 3.0], sleeps
      assert_equal 3, server.requests.size
      assert_equal [3.0, 'req-7'], [error.retry_after, error.request_id]
    end
  end

  def test_a_long_retry_after_is_left_to_the_caller
    with_server(refusal(429, 'rate_limit_error', 'rate_limited') + [{ 'retry-after' => '600' }]) do |server, client, sleeps|
      assert_raises(Marquee::RateLimitError) { client.get('/v2/events') }
      assert_equal [[], 1], [sleeps, server.requests.size]
    end
  end

  def test_unsafe_and_final_answers_are_not_retried
    with_server(refusal(503, 'api_error', 'unavailable'), refusal(400, 'invalid_request_error', 'invalid_field', 'x'),
                refusal(409, 'conflict_error', 'sold_out')) do |server, client, _|
      assert_raises(Marquee::ApiError) { client.delete('/v2/tiers/tkt_1') }
      assert_equal 'x', assert_raises(Marquee::InvalidRequestError) { client.post('/v2/events', {}) }.param
      assert_equal 'sold_out', assert_raises(Marquee::ConflictError) { client.post('/v2/orders', {}) }.code
      assert_equal 3, server.requests.size
    end
  end

  def test_network_errors_are_retried_for_get_then_raised_typed
    port = TCPServer.open('127.0.0.1', 0) { |s| s.addr[1] } # a port nobody listens on
    sleeps = []
    client = Marquee::Client.new('sk_live_test', base_url: "http://127.0.0.1:#{port}", max_retries: 3,
                                                 sleeper: sleeps.method(:<<))
    assert_raises(Marquee::NetworkError) { client.get('/v2/events') }
    assert_equal 3, sleeps.size
  end

  def test_an_answer_without_an_envelope_is_typed_by_its_status
    with_server([404, { 'unexpected' => true }]) do |_, client, _|
      error = assert_raises(Marquee::NotFoundError) { client.get('/v2/nowhere') }
      assert_equal [404, nil], [error.status, error.code]
    end
  end
end
