# frozen_string_literal: true

require 'base64'
require 'json'
require 'jwt'
require 'net/http'
require 'rbnacl'

module Marquee
  # What a ticket token proves: +kind+ is "rotating" (the phone's 5-minute code) or "paper".
  VerifiedTicket = Struct.new(:kind, :ticket_id, :event_id, :tier_id, :issued_at, :expires_at, :key_id,
                              keyword_init: true)

  # Holds a JWKS (GET /v2/scan/jwks) and verifies ticket tokens with it, without the network.
  #
  # A valid signature proves the venue issued the ticket; whether it is still active or already
  # admitted is the server's (POST /v2/scan/validate) or a door pack's to say.
  #
  # One made by ::fetch (or Client#ticket_verifier) follows a key rotation: a token whose kid it
  # does not hold makes it fetch the JWKS again, at most once every REFETCH_COOLDOWN seconds
  # (offline, the token stays refused). One made from a JWKS hash never touches the network.
  class TicketVerifier
    ROTATING_LIFETIME = 300 # a rotating code lives exactly this long
    SKEW = 30 # validators accept from iat - 30 s to exp + 30 s
    KINDS = { 'ticket+jwt' => 'rotating', 'ticket-pass+jwt' => 'paper' }.freeze
    # So a forger inventing kids costs the venue one request per 30 s (as jose's remote key sets).
    REFETCH_COOLDOWN = 30

    # Fetches the JWKS from a venue server (a public route: no API key).
    def self.fetch(base_url)
      get_jwks = lambda do
        response = Net::HTTP.get_response(URI("#{base_url.chomp('/')}/v2/scan/jwks"))
        raise Error, "GET /v2/scan/jwks: HTTP #{response.code}" unless response.is_a?(Net::HTTPSuccess)

        JSON.parse(response.body)
      end
      new(get_jwks.call, refetch: get_jwks)
    end

    def initialize(jwks, refetch: nil)
      @keys = self.class.keys_of(jwks)
      @refetch = refetch
      @refetched_at = nil
    end

    def self.keys_of(jwks)
      Array(jwks['keys']).each_with_object({}) do |jwk, keys|
        next unless jwk['kty'] == 'OKP' && jwk['crv'] == 'Ed25519' && jwk['kid'] && jwk['x']

        keys[jwk['kid']] = RbNaCl::Signatures::Ed25519::VerifyKey.new(Base64.urlsafe_decode64(jwk['x']))
      end
    end

    def verify(token, event_id: nil, now: Time.now.to_f)
      header = unverified_header(token)
      kind = KINDS[header['typ']]
      if header['alg'] != 'EdDSA' || kind.nil? || header.key?('crit')
        raise TicketTokenError.new('malformed', 'not a Marquee ticket token (alg, typ or crit)')
      end

      key = key_for(header['kid'], now) or
        raise TicketTokenError.new('invalid_signature', 'signed with a key the JWKS does not hold')
      claims = verified_claims(token, key)
      check_claims(kind, claims, now, event_id)
      VerifiedTicket.new(kind: kind, ticket_id: claims['sub'], event_id: claims['evt'], tier_id: claims['tier'],
                         issued_at: claims['iat'], expires_at: claims['exp'], key_id: header['kid'])
    end

    private

    def key_for(kid, now)
      return @keys[kid] if @keys.key?(kid) || @refetch.nil?
      return nil if @refetched_at && now - @refetched_at < REFETCH_COOLDOWN

      @refetched_at = now
      begin
        @keys = self.class.keys_of(@refetch.call)
      rescue StandardError # offline or a bad answer: keep the keys held, refuse this token
        return nil
      end
      @keys[kid]
    end

    def unverified_header(token)
      JWT.decode(token, nil, false)[1]
    rescue JWT::DecodeError
      raise TicketTokenError.new('malformed', 'not a JWS')
    end

    # Only the signature here: the time rules are the venue's (check_claims), not ruby-jwt's.
    def verified_claims(token, key)
      JWT.decode(token, key, true, algorithms: ['EdDSA'], verify_expiration: false, verify_not_before: false,
                                   verify_iat: false)[0]
    rescue JWT::VerificationError
      raise TicketTokenError.new('invalid_signature', 'the signature does not verify')
    rescue JWT::DecodeError => e
      raise TicketTokenError.new('malformed', e.message)
    end

    def check_claims(kind, claims, now, event_id)
      iat = claims['iat']
      exp = claims['exp']
      unless %w[sub evt tier].all? { |name| claims[name].is_a?(String) } && iat.is_a?(Integer) && exp.is_a?(Integer)
        raise TicketTokenError.new('malformed', 'claims sub, evt, tier, iat and exp are required')
      end
      if kind == 'rotating' && exp != iat + ROTATING_LIFETIME
        raise TicketTokenError.new('malformed', 'a rotating code lives exactly 300 s')
      end
      raise TicketTokenError.new('not_yet_valid', 'issued in the future (check the clock)') if now < iat - SKEW
      raise TicketTokenError.new('expired', 'expired') if now > exp + SKEW
      return unless event_id && claims['evt'] != event_id

      raise TicketTokenError.new('wrong_event', "a ticket for #{claims['evt']}, not #{event_id}")
    end
  end
end
