# frozen_string_literal: true

require_relative 'test_helper'
require 'securerandom'
require 'socket'
require_relative '../examples/verify'

# A webhook receiver on 127.0.0.1 (a TCPServer from the standard library) that keeps what arrives.
class Receiver
  attr_reader :url

  def initialize
    @server = TCPServer.new('127.0.0.1', 0)
    @url = "http://127.0.0.1:#{@server.addr[1]}/hooks"
    @deliveries = []
    @lock = Mutex.new
    @arrived = ConditionVariable.new
    @thread = Thread.new { loop { serve(@server.accept) } }
  end

  # The next delivery of a kind, as [raw body, headers]; waits at most +timeout+ seconds.
  def next_of_type(kind, timeout: 20)
    deadline = Time.now + timeout
    @lock.synchronize do
      loop do
        found = @deliveries.index { |body, _| JSON.parse(body)['type'] == kind }
        return @deliveries.delete_at(found) if found
        raise "no #{kind} delivery in #{timeout} s" if Time.now >= deadline

        @arrived.wait(@lock, deadline - Time.now)
      end
    end
  end

  def close
    @thread.kill
    @server.close
  end

  private

  # One keep-alive connection: read each request (head, then content-length bytes), answer 204.
  def serve(socket)
    Thread.new do
      while (request_line = socket.gets)
        break if request_line.strip.empty?

        headers = {}
        while (line = socket.gets) && line != "\r\n"
          name, value = line.split(':', 2)
          headers[name.downcase] = value.strip
        end
        body = socket.read(headers['content-length'].to_i)
        @lock.synchronize do
          @deliveries << [body, headers]
          @arrived.broadcast
        end
        socket.write("HTTP/1.1 204 No Content\r\n\r\n")
      end
    rescue IOError, SystemCallError
      nil
    ensure
      socket.close
    end
  end
end

class LiveTest < Minitest::Test
  def setup
    @server = TestServer.info
    @client = Marquee::Client.new(@server['api_key'], base_url: @server['url'])
  end

  def new_event(quantity: 10)
    event = @client.post('/v2/events', { 'title' => 'Night show', 'venue' => 'Main hall',
                                         'doors_at' => '2030-12-24T19:00:00+00:00' })
    tier = @client.post("/v2/events/#{event['id']}/tiers",
                        { 'name' => 'General admission', 'price_cents' => 2500, 'quantity' => quantity })
    @client.post("/v2/events/#{event['id']}/publish")
    [event, tier]
  end

  def checkout(event, tier, quantity, idempotency_key: nil)
    @client.post('/v2/orders', { 'event_id' => event['id'],
                                 'items' => [{ 'tier_id' => tier['id'], 'quantity' => quantity }],
                                 'buyer' => { 'name' => 'Ada Lovelace', 'email' => 'ada@example.com' },
                                 'payment_method' => 'cash' }, idempotency_key: idempotency_key)
  end

  def test_sell_read_verify_receive_page_and_refuse
    receiver = Receiver.new
    event, tier = new_event
    endpoint = @client.post('/v2/webhook_endpoints', { 'url' => receiver.url, 'events' => ['order.created'] })
    order = checkout(event, tier, 3)
    assert_equal ['paid', 3], [order['status'], order['tickets'].size]

    # The ticket, read back, carries a token that verifies offline against the JWKS.
    ticket = @client.get("/v2/tickets/#{order['tickets'][0]['id']}")
    verified = @client.ticket_verifier.verify(ticket['qr_token'], event_id: event['id'])
    assert_equal ['rotating', ticket['id'], event['id'], tier['id']],
                 [verified.kind, verified.ticket_id, verified.event_id, verified.tier_id]
    assert_equal verified.issued_at + 300, verified.expires_at

    # The order.created delivery verifies with the endpoint's secret, and not with another.
    body, headers = receiver.next_of_type('order.created')
    message = Marquee::Webhook.new(endpoint['secret']).verify(body, headers)
    assert_equal order['id'], message['data']['object']['id']
    other = @client.post('/v2/webhook_endpoints', { 'url' => receiver.url, 'events' => ['payout.paid'] })
    assert_raises(Marquee::WebhookVerificationError) { Marquee::Webhook.new(other['secret']).verify(body, headers) }

    # The documented snippets, on the same real delivery and token.
    assert_equal message['id'], verify_webhook(endpoint['secret'], body, headers)['id']
    assert_equal ticket['id'], verify_ticket(@server['url'], ticket['qr_token']).ticket_id

    # Three attendees, one per page: the iterator follows next_cursor to the end.
    attendees = @client.list('/v2/attendees', { event_id: event['id'], limit: 1 }).to_a
    assert_equal(order['tickets'].map { |t| t['id'] }, attendees.map { |a| a['ticket_id'] })

    # A tier with sales cannot be deleted: 409 as a typed ConflictError.
    refused = assert_raises(Marquee::ConflictError) { @client.delete("/v2/tiers/#{tier['id']}") }
    assert_equal [409, 'tier_has_sales', 'conflict_error'], [refused.status, refused.code, refused.type]
    refute_nil refused.request_id
  ensure
    receiver&.close
  end

  def test_sold_out_is_a_conflict
    event, tier = new_event(quantity: 1)
    checkout(event, tier, 1)
    refused = assert_raises(Marquee::ConflictError) { checkout(event, tier, 1) }
    assert_equal 'sold_out', refused.code
  end

  def test_a_repeated_idempotency_key_replays_the_first_answer
    event, tier = new_event
    key = SecureRandom.uuid
    first = checkout(event, tier, 1, idempotency_key: key)
    again = checkout(event, tier, 1, idempotency_key: key)
    fresh = checkout(event, tier, 1)
    assert_equal first['id'], again['id']
    refute_equal first['id'], fresh['id']
    assert_equal 2, @client.get("/v2/tiers/#{tier['id']}")['sold']
    reused = assert_raises(Marquee::ConflictError) { checkout(event, tier, 2, idempotency_key: key) }
    assert_equal 'idempotency_key_reused', reused.code
  end

  def test_refusals_are_typed
    missing = assert_raises(Marquee::NotFoundError) { @client.get('/v2/events/evt_00000000000000000000') }
    assert_equal %w[resource_missing id], [missing.code, missing.param]
    invalid = assert_raises(Marquee::InvalidRequestError) do
      @client.post('/v2/events', { 'title' => 'No venue', 'doors_at' => '2030-12-24T19:00:00Z' })
    end
    assert_equal %w[missing_field venue], [invalid.code, invalid.param]
    stranger = Marquee::Client.new('sk_live_notakeyofthisserver00', base_url: @server['url'])
    assert_equal 'invalid_api_key', assert_raises(Marquee::AuthenticationError) { stranger.get('/v2/events') }.code
    scanner = @client.post('/v2/api_keys', { 'name' => 'door', 'scope' => 'scanner' })
    door = Marquee::Client.new(scanner['secret'], base_url: @server['url'])
    assert_equal 'insufficient_scope', assert_raises(Marquee::PermissionError) { door.get('/v2/orders') }.code
  end

  def test_a_forged_token_is_refused
    event, tier = new_event
    token = checkout(event, tier, 1)['tickets'][0]['qr_token']
    head, payload, signature = token.split('.')
    verifier = @client.ticket_verifier
    forged = assert_raises(Marquee::TicketTokenError) { verifier.verify("#{head}.#{payload}.#{'A' * signature.size}") }
    assert_equal 'invalid_signature', forged.reason
    elsewhere = assert_raises(Marquee::TicketTokenError) { verifier.verify(token, event_id: 'evt_someotherevent0000') }
    assert_equal 'wrong_event', elsewhere.reason
  end
  def test_a_kept_verifier_follows_a_key_rotation_at_most_every_30_s
    event, tier = new_event
    head, payload, signature = checkout(event, tier, 1)['tickets'][0]['qr_token'].split('.')
    header = JSON.parse(Base64.urlsafe_decode64(head)).merge('kid' => 'not-the-venues')
    stranger = "#{Base64.urlsafe_encode64(JSON.generate(header), padding: false)}.#{payload}.#{signature}"
    [@client.ticket_verifier, Marquee::TicketVerifier.fetch(@server['url'])].each do |verifier|
      start = Time.now.to_f
      # An unknown kid fetches the JWKS again, which does not hold it either: refused.
      assert_equal 'invalid_signature',
                   assert_raises(Marquee::TicketTokenError) { verifier.verify(stranger, now: start) }.reason
      rotated = @client.post('/v2/scan/keys/rotate')
      token = checkout(event, tier, 1)['tickets'][0]['qr_token']
      # Within 30 s of the last fetch: not again.
      assert_raises(Marquee::TicketTokenError) { verifier.verify(token, now: start + 1) }
      assert_equal rotated['active_kid'], verifier.verify(token, now: start + 31).key_id
    end

    # One made from a saved JWKS never goes to the network.
    saved = Marquee::TicketVerifier.new(@client.jwks)
    @client.post('/v2/scan/keys/rotate')
    token = checkout(event, tier, 1)['tickets'][0]['qr_token']
    assert_equal 'invalid_signature', assert_raises(Marquee::TicketTokenError) { saved.verify(token) }.reason
  end
end
