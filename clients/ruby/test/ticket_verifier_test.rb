# frozen_string_literal: true

require_relative 'test_helper'
require 'base64'
require 'rbnacl'

# Ticket-token rules, on tokens signed here with a key of the test's own (as the server signs).
class TicketVerifierTest < Minitest::Test
  NOW = 1_790_000_000
  KEY = RbNaCl::Signatures::Ed25519::SigningKey.generate
  JWKS = { 'keys' => [{ 'kty' => 'OKP', 'crv' => 'Ed25519', 'kid' => 'k1', 'alg' => 'EdDSA', 'use' => 'sig',
                        'x' => Base64.urlsafe_encode64(KEY.verify_key.to_bytes, padding: false) }] }.freeze

  def b64(data) = Base64.urlsafe_encode64(data, padding: false)

  def token(typ: 'ticket+jwt', iat: NOW, exp: nil, kid: 'k1', key: KEY, alg: 'EdDSA', **extra)
    header = b64(JSON.generate({ 'alg' => alg, 'typ' => typ, 'kid' => kid }.merge(extra)))
    claims = b64(JSON.generate('sub' => 'tik_1', 'evt' => 'evt_1', 'tier' => 'tkt_1', 'iat' => iat,
                               'exp' => exp || (iat + 300)))
    "#{header}.#{claims}.#{b64(key.sign("#{header}.#{claims}"))}"
  end

  def verifier = Marquee::TicketVerifier.new(JWKS)

  def reason(token, now: NOW, **options)
    assert_raises(Marquee::TicketTokenError) { verifier.verify(token, now: now, **options) }.reason
  end

  def test_a_rotating_code_verifies_and_says_so
    ticket = verifier.verify(token, now: NOW)
    assert_equal %w[rotating tik_1 evt_1 tkt_1 k1],
                 [ticket.kind, ticket.ticket_id, ticket.event_id, ticket.tier_id, ticket.key_id]
  end

  def test_a_paper_pass_lives_as_long_as_its_exp_says
    pass = token(typ: 'ticket-pass+jwt', exp: NOW + (40 * 86_400))
    ticket = verifier.verify(pass, now: NOW + (30 * 86_400))
    assert_equal ['paper', NOW + (40 * 86_400)], [ticket.kind, ticket.expires_at]
    assert_equal 'expired', reason(pass, now: NOW + (40 * 86_400) + 31)
  end

  def test_the_window_is_iat_minus_30_to_exp_plus_30
    assert_equal 'tik_1', verifier.verify(token, now: NOW - 30).ticket_id
    assert_equal 'tik_1', verifier.verify(token, now: NOW + 330).ticket_id
    assert_equal 'not_yet_valid', reason(token, now: NOW - 30.5)
    assert_equal 'expired', reason(token, now: NOW + 330.5)
  end

  def test_a_rotating_code_must_live_exactly_300_s
    assert_equal 'malformed', reason(token(exp: NOW + 3600))
  end

  def test_what_the_venue_did_not_sign_is_refused
    assert_equal 'invalid_signature', reason(token(key: RbNaCl::Signatures::Ed25519::SigningKey.generate))
    assert_equal 'invalid_signature', reason(token(kid: 'unknown'))
    assert_equal 'malformed', reason(token(typ: 'JWT'))
    assert_equal 'malformed', reason(token(alg: 'HS256'))
    assert_equal 'malformed', reason(token(crit: ['exp']))
    assert_equal 'malformed', reason('not.a.token')
  end

  def test_a_ticket_for_another_event_is_refused_when_the_event_is_given
    assert_equal 'wrong_event', reason(token, event_id: 'evt_2')
  end
end
