# frozen_string_literal: true

module Marquee
  # Anything the API refused, or that kept a request from reaching it.
  class Error < StandardError
    attr_reader :status, :type, :code, :param, :request_id, :retry_after

    def initialize(message, status: nil, type: nil, code: nil, param: nil, request_id: nil, retry_after: nil)
      super(message)
      @status = status
      @type = type
      @code = code
      @param = param
      @request_id = request_id
      @retry_after = retry_after
    end
  end

  # 400, 408, 413, 415, 431: the request itself is wrong; +param+ names the field.
  class InvalidRequestError < Error; end
  # 401: no key, or an unknown or revoked one.
  class AuthenticationError < Error; end
  # 403: the key's scope (or the staff member's role) does not cover the operation.
  class PermissionError < Error; end
  # 404: an unknown id or route.
  class NotFoundError < Error; end
  # 409: the resource's state refuses the change (sold_out, tier_has_sales, ...).
  class ConflictError < Error; end
  # 429: over the key's rate limit; +retry_after+ says for how long (seconds).
  class RateLimitError < Error; end
  # 500, or an answer the client does not understand.
  class ApiError < Error; end
  # No answer at all: connection refused or reset, timeout.
  class NetworkError < Error; end

  # A webhook whose signature, timestamp or headers do not check out.
  class WebhookVerificationError < StandardError; end

  # A ticket token that does not verify; +reason+ is the door's word for it: malformed,
  # invalid_signature, expired, not_yet_valid or wrong_event.
  class TicketTokenError < StandardError
    attr_reader :reason

    def initialize(reason, message)
      super(message)
      @reason = reason
    end
  end

  ERRORS_BY_TYPE = {
    'invalid_request_error' => InvalidRequestError,
    'authentication_error' => AuthenticationError,
    'permission_error' => PermissionError,
    'not_found_error' => NotFoundError,
    'conflict_error' => ConflictError,
    'rate_limit_error' => RateLimitError,
    'api_error' => ApiError
  }.freeze
  ERRORS_BY_STATUS = {
    400 => InvalidRequestError, 401 => AuthenticationError, 403 => PermissionError,
    404 => NotFoundError, 409 => ConflictError, 429 => RateLimitError
  }.freeze

  # The typed error for a refusal: the envelope's type decides, the status when it is absent.
  def self.error_from_response(status, body, request_id, retry_after)
    envelope = body.is_a?(Hash) && body['error'].is_a?(Hash) ? body['error'] : {}
    klass = ERRORS_BY_TYPE[envelope['type']] || ERRORS_BY_STATUS[status] || ApiError
    klass.new(envelope['message'] || "HTTP #{status}",
              status: status, type: envelope['type'], code: envelope['code'], param: envelope['param'],
              request_id: request_id, retry_after: retry_after)
  end
end
