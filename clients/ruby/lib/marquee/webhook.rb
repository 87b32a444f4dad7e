# frozen_string_literal: true

require 'base64'
require 'json'
require 'openssl'

module Marquee
  # Checks a delivery against an endpoint's whsec_ secret (the Standard Webhooks scheme).
  #
  # +verify+ takes the raw body exactly as received (before any JSON parsing) and the request
  # headers; it answers the parsed message or raises WebhookVerificationError.
  class Webhook
    DEFAULT_TOLERANCE = 300 # seconds either side of the receiver's clock

    def initialize(secret, tolerance: DEFAULT_TOLERANCE)
      @key = Base64.strict_decode64(secret.delete_prefix('whsec_'))
      @tolerance = tolerance
    rescue ArgumentError
      raise ArgumentError, 'the webhook secret is not whsec_ followed by base64'
    end

    def verify(payload, headers, now: Time.now.to_i)
      id, timestamp, signatures = %w[webhook-id webhook-timestamp webhook-signature].map { |name| header(headers, name) }
      unless id && timestamp && signatures
        raise WebhookVerificationError, 'missing webhook-id, webhook-timestamp or webhook-signature header'
      end
      raise WebhookVerificationError, 'webhook-timestamp is not a number' unless timestamp.match?(/\A\d+\z/)
      if (now - timestamp.to_i).abs > @tolerance
        raise WebhookVerificationError, 'webhook-timestamp is outside the tolerance (replayed or stale)'
      end

      expected = Base64.strict_encode64(OpenSSL::HMAC.digest('SHA256', @key, "#{id}.#{timestamp}.#{payload}"))
      matched = signatures.split(' ').any? do |candidate|
        version, signature = candidate.split(',', 2)
        version == 'v1' && signature && OpenSSL.secure_compare(signature, expected)
      end
      raise WebhookVerificationError, 'no signature matches' unless matched

      JSON.parse(payload)
    end

    private

    # The header's value by its name in any case, or as a Rack env spells it (HTTP_WEBHOOK_ID):
    # Rails' request.headers and Sinatra's request.env enumerate that form. Only the value found is
    # touched: a Rack env also holds the server's streams (rack.input, Puma's puma.socket), and
    # Array() on an IO reads it to the end, which on the socket waits for the sender to hang up.
    def header(headers, name)
      headers.each do |key, value|
        next unless header_name(key) == name

        return value.is_a?(Array) ? value.first : value
      end
      nil
    end

    def header_name(name)
      name = name.to_s
      name = name.delete_prefix('HTTP_').tr('_', '-') if name.start_with?('HTTP_')
      name.downcase
    end
  end
end
