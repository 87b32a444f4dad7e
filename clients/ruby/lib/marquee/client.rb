# frozen_string_literal: true

require 'json'
require 'net/http'
require 'openssl'
require 'securerandom'
require 'time'
require 'uri'

module Marquee
  # A key's rate limit from an answer's x-ratelimit-* headers: requests allowed per minute, left in
  # the current minute, and seconds until the minute ends and +remaining+ is whole again.
  RateLimit = Struct.new(:limit, :remaining, :reset_seconds)

  # A Marquee venue server's /v2 API.
  #
  #   client = Marquee::Client.new('sk_live_...', base_url: 'http://127.0.0.1:4380')
  #   event = client.post('/v2/events', { 'title' => 'Night show', ... })
  #
  # Every POST carries an Idempotency-Key (made once per call, sent again on each retry), so GETs
  # and POSTs are retried on network errors, 429 (after its Retry-After), 409
  # idempotency_key_in_use and 5xx, at most +max_retries+ times with exponential backoff. PATCH and
  # DELETE are retried only after a 429, which the server answers before doing anything.
  class Client
    RETRY_STATUSES = [500, 502, 503, 504].freeze
    MAX_RETRY_AFTER = 60.0 # a longer Retry-After is the caller's decision, not a silent wait
    # A certificate the client does not trust is no answer either (OpenSSL::SSL::SSLError).
    NETWORK_ERRORS = [IOError, SystemCallError, SocketError, Timeout::Error, Net::OpenTimeout,
                      Net::ReadTimeout, EOFError, OpenSSL::SSL::SSLError].freeze

    attr_reader :base_url

    # +ca_file+: a PEM file to trust for https, such as the venue server's own self-signed
    # certificate (<data dir>/tls/cert.pem) when it is reached over the LAN.
    def initialize(api_key, base_url: 'http://127.0.0.1:4380', max_retries: 2, timeout: 30, ca_file: nil,
                   sleeper: ->(seconds) { sleep(seconds) })
      raise ArgumentError, 'api_key is required' if api_key.nil? || api_key.empty?

      @api_key = api_key
      @base_url = base_url.chomp('/')
      @max_retries = max_retries
      @timeout = timeout
      @ca_file = ca_file
      @sleeper = sleeper
      @rate_limit = nil
    end

    # The key's rate limit as the last answer that carried it told it (a RateLimit), to pace a bulk
    # job before it meets a 429; nil until then, and while the server's limit is off.
    attr_reader :rate_limit

    def get(path, params = nil) = request(:get, path, params: params)
    def post(path, body = nil, idempotency_key: nil) = request(:post, path, body: body, idempotency_key: idempotency_key)
    def patch(path, body) = request(:patch, path, body: body)
    def delete(path) = request(:delete, path)

    # Every item of a list, oldest first, fetching page after page (+limit+ sets the page size).
    # Without a block, an Enumerator.
    def list(path, params = {}, &block)
      return enum_for(:list, path, params) unless block

      query = params.transform_keys(&:to_s)
      loop do
        page = get(path, query)
        page['data'].each(&block)
        cursor = page['next_cursor']
        break unless page['has_more'] && cursor
        raise Error, "#{path}: the server handed back the same cursor twice" if cursor == query['cursor']

        query = query.merge('cursor' => cursor)
      end
    end

    # The public keys ticket tokens are signed with (GET /v2/scan/jwks).
    def jwks = get('/v2/scan/jwks')

    # A verifier holding the current JWKS: verifies tokens offline, and fetches the JWKS again
    # (through this client) when a token names a key it does not hold.
    def ticket_verifier = TicketVerifier.new(jwks, refetch: -> { jwks })

    def request(method, path, body: nil, params: nil, idempotency_key: nil)
      uri = URI("#{@base_url}/#{path.delete_prefix('/')}")
      uri.query = URI.encode_www_form(params) if params && !params.empty?
      headers = {
        'authorization' => "Bearer #{@api_key}",
        'accept' => 'application/json',
        'user-agent' => "marquee-ruby/#{VERSION}"
      }
      headers['idempotency-key'] = idempotency_key || SecureRandom.uuid if method == :post
      payload = body.nil? ? nil : JSON.generate(body)
      headers['content-type'] = 'application/json' if payload

      attempt = 0
      loop do
        begin
          response = send_once(method, uri, headers, payload)
        rescue *NETWORK_ERRORS => e
          raise NetworkError, "#{method.upcase} #{path}: #{e.message}" unless attempt < @max_retries && %i[get post].include?(method)

          @sleeper.call(backoff(attempt))
          attempt += 1
          next
        end

        status = response.code.to_i
        @rate_limit = rate_limit_of(response) || @rate_limit
        return response.body.nil? || response.body.empty? ? nil : JSON.parse(response.body) if status < 300

        retry_after = retry_after_seconds(response['retry-after'])
        error = Marquee.error_from_response(status, parse_or_nil(response.body), response['x-request-id'], retry_after)
        raise error unless attempt < @max_retries && retryable?(method, error)

        delay = backoff(attempt)
        if retry_after
          raise error if retry_after > MAX_RETRY_AFTER

          delay = [delay, retry_after].max
        end
        @sleeper.call(delay)
        attempt += 1
      end
    end

    private

    def send_once(method, uri, headers, payload)
      request = Net::HTTPGenericRequest.new(method.to_s.upcase, !payload.nil?, method != :head, uri, headers)
      request.body = payload if payload
      tls = uri.scheme == 'https' ? { use_ssl: true, ca_file: @ca_file }.compact : {}
      Net::HTTP.start(uri.host, uri.port, open_timeout: @timeout, read_timeout: @timeout, **tls) do |http|
        http.request(request)
      end
    end

    # 0.5 s, 1 s, 2 s, ... (at most 8 s), each between half and all of it, so clients spread out.
    def backoff(attempt)
      [8.0, 0.5 * (2**attempt)].min * rand(0.5..1.0)
    end

    def retryable?(method, error)
      return true if error.status == 429 # refused before anything ran, whatever the method
      return false unless %i[get post].include?(method)
      return error.code == 'idempotency_key_in_use' if error.status == 409

      RETRY_STATUSES.include?(error.status)
    end

    def rate_limit_of(response)
      values = %w[limit remaining reset].map { |name| Integer(response["x-ratelimit-#{name}"], exception: false) }
      values.all? ? RateLimit.new(*values) : nil
    end

    def retry_after_seconds(value)
      return nil if value.nil? || value.empty?

      Float(value).clamp(0.0, Float::INFINITY)
    rescue ArgumentError
      begin
        [Time.httpdate(value) - Time.now, 0.0].max
      rescue ArgumentError
        nil
      end
    end

    def parse_or_nil(text)
      JSON.parse(text)
    rescue JSON::ParserError, TypeError
      nil
    end
  end
end
