# frozen_string_literal: true

$LOAD_PATH.unshift File.expand_path('../lib', __dir__)
require 'json'
require 'minitest/autorun'
require 'open3'
require 'marquee'

# Live Marquee servers (clients/test-server.mjs) on 127.0.0.1, each started once for the whole run.
class TestServer
  LAUNCHER = File.expand_path('../../test-server.mjs', __dir__)

  # The one most tests share.
  def self.info = (@shared ||= new).info

  # One of its own that allows each key 3 requests a minute (MARQUEE_RATE_LIMIT=3).
  def self.rate_limited = (@rate_limited ||= new('--rate-limit=3')).info

  attr_reader :info

  def initialize(*args)
    @stdin, @stdout, @thread = Open3.popen2(ENV.fetch('MARQUEE_NODE', 'node'), LAUNCHER, *args)
    line = @stdout.gets or raise 'the test server did not start'
    Minitest.after_run { stop }
    @info = JSON.parse(line)
  end

  def stop
    @stdin.close # the launcher stops the server when its stdin closes
    @thread.join(30)
  end
end
