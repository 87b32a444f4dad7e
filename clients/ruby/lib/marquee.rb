# frozen_string_literal: true

# Client for a Marquee venue server's /v2 API: typed errors, safe retries, cursor iteration, and
# offline verification of webhooks and ticket tokens.
module Marquee; end

require_relative 'marquee/version'
require_relative 'marquee/errors'
require_relative 'marquee/webhook'
require_relative 'marquee/ticket_verifier'
require_relative 'marquee/client'
