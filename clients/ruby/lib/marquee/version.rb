# frozen_string_literal: true

module Marquee
  VERSION = '0.1.0'
end
