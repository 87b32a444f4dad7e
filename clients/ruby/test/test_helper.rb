# frozen_string_literal: true

$LOAD_PATH.unshift File.expand_path('../lib', __dir__)
require 'json'
require 'minitest/autorun'
require 'open3'
require 'marquee'

# A live Marquee server (clients/test-server.mjs) on 127.0.0.1, started once for the whole run.
module TestServer
  LAUNCHER = File.expand_path('../../test-server.mjs', __dir__)

  def self.info
    @info ||= begin
      @stdin, @stdout, @thread = Open3.popen2(ENV.fetch('MARQUEE_NODE', 'node'), LAUNCHER)
      line = @stdout.gets or raise 'the test server did not start'
      Minitest.after_run { stop }
      JSON.parse(line)
    end
  end

  def self.stop
    @stdin.close # the launcher stops the server when its stdin closes
    @thread.join(30)
  end
end
