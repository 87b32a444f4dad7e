# frozen_string_literal: true

require_relative 'test_helper'
require 'base64'
require 'openssl'
require 'stringio'

class WebhookTest < Minitest::Test
  SECRET = "whsec_#{Base64.strict_encode64((0...24).to_a.pack('C*'))}".freeze
  BODY = '{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}'
  NOW = 1_790_000_000

  def signed(body: BODY, timestamp: NOW, id: 'msg_1', secret: SECRET)
    key = Base64.strict_decode64(secret.delete_prefix('whsec_'))
    signature = Base64.strict_encode64(OpenSSL::HMAC.digest('SHA256', key, "#{id}.#{timestamp}.#{body}"))
    { 'webhook-id' => id, 'webhook-timestamp' => timestamp.to_s, 'webhook-signature' => "v1,#{signature}" }
  end

  def webhook = Marquee::Webhook.new(SECRET)

  def test_a_genuine_delivery_answers_the_message
    assert_equal 'order.created', webhook.verify(BODY, signed, now: NOW)['type']
  end

  def test_header_names_are_case_insensitive
    headers = signed.transform_keys { |name| name.split('-').map(&:capitalize).join('-') }
    assert_equal 'msg_1', webhook.verify(BODY, headers, now: NOW)['id']
  end

  def test_headers_as_a_rack_env_spells_them
    env = signed.to_h { |name, value| ["HTTP_#{name.upcase.tr('-', '_')}", value] }
    env['rack.input'] = StringIO.new(BODY)
    assert_equal 'msg_1', webhook.verify(BODY, env, now: NOW)['id']
  end

  # A whole Rack env holds the server's streams too: Puma puts the connection itself under
  # puma.socket. Reading them (as Array(io) does) would swallow the request or, on the socket,
  # wait for the dispatcher to hang up while it waits for our answer.
  def test_a_rack_env_s_streams_are_left_unread
    env = signed.to_h { |name, value| ["HTTP_#{name.upcase.tr('-', '_')}", value] }
    streams = { 'rack.input' => StringIO.new(BODY), 'puma.socket' => StringIO.new("GET / HTTP/1.1\r\n") }
    env.merge!(streams)
    assert_equal 'msg_1', webhook.verify(BODY, env, now: NOW)['id']
    streams.each_value { |io| assert_equal 0, io.pos }
  end

  def test_any_of_several_signatures_may_match
    other = signed(secret: "whsec_#{Base64.strict_encode64('x' * 24)}")['webhook-signature']
    headers = signed
    headers['webhook-signature'] = "#{other} #{headers['webhook-signature']}"
    assert_equal 'msg_1', webhook.verify(BODY, headers, now: NOW)['id']
  end

  def test_tampering_is_refused
    genuine = signed
    [
      [genuine, BODY.sub('order', 'ordre')],
      [genuine.merge('webhook-id' => 'msg_2'), BODY],
      [genuine.merge('webhook-signature' => "v2,#{genuine['webhook-signature'][3..]}"), BODY],
      [genuine.merge('webhook-signature' => 'v1,'), BODY],
      [genuine.except('webhook-id'), BODY]
    ].each do |headers, body|
      assert_raises(Marquee::WebhookVerificationError) { webhook.verify(body, headers, now: NOW) }
    end
  end

  def test_the_timestamp_must_be_within_five_minutes_either_way
    assert webhook.verify(BODY, signed(timestamp: NOW - 300), now: NOW)
    assert webhook.verify(BODY, signed(timestamp: NOW + 300), now: NOW)
    [NOW - 301, NOW + 301].each do |stale|
      error = assert_raises(Marquee::WebhookVerificationError) { webhook.verify(BODY, signed(timestamp: stale), now: NOW) }
      assert_match(/tolerance/, error.message)
    end
  end

  def test_a_secret_that_is_not_base64_is_refused_up_front
    assert_raises(ArgumentError) { Marquee::Webhook.new('whsec_not base64!') }
  end
end
