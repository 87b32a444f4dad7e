# frozen_string_literal: true

require_relative 'test_helper'
require 'openssl'
require 'socket'
require 'tempfile'

# A venue server reached over the LAN speaks HTTPS with its own self-signed certificate
# (docs/api.md "HTTPS and mDNS on the LAN"). Against a scripted HTTPS server on 127.0.0.1 with
# such a certificate: trusted through ca_file, and an untrusted one is a NetworkError like any
# other request that got no answer.
class TlsTest < Minitest::Test
  def setup
    key = OpenSSL::PKey::RSA.new(2048)
    @cert = self_signed(key)
    context = OpenSSL::SSL::SSLContext.new
    context.cert = @cert
    context.key = key
    @tcp = TCPServer.new('127.0.0.1', 0)
    @server = OpenSSL::SSL::SSLServer.new(@tcp, context)
    @thread = Thread.new { loop { answer } }
    @ca_file = Tempfile.new(['venue', '.pem'])
    @ca_file.write(@cert.to_pem)
    @ca_file.flush
    @url = "https://127.0.0.1:#{@tcp.addr[1]}"
  end

  def teardown
    @thread.kill
    @server.close
    @ca_file.close!
  end

  def test_the_venue_certificate_is_trusted_through_ca_file
    client = Marquee::Client.new('sk_live_test', base_url: @url, ca_file: @ca_file.path)
    assert_equal({ 'status' => 'ok' }, client.get('/v2/health'))
  end

  def test_an_untrusted_certificate_is_a_network_error
    client = Marquee::Client.new('sk_live_test', base_url: @url, max_retries: 0)
    error = assert_raises(Marquee::NetworkError) { client.get('/v2/health') }
    assert_match(/certificate/, error.message)
  end

  private

  def self_signed(key)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse('/CN=marquee.local')
    cert.public_key = key.public_key
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 3600
    extensions = OpenSSL::X509::ExtensionFactory.new(cert, cert)
    cert.add_extension(extensions.create_extension('subjectAltName', 'DNS:marquee.local,IP:127.0.0.1'))
    cert.add_extension(extensions.create_extension('basicConstraints', 'CA:TRUE', true))
    cert.sign(key, OpenSSL::Digest.new('SHA256'))
    cert
  end

  # One request per connection; a client that refuses the certificate ends the handshake here.
  def answer
    socket = @server.accept
    nil while (line = socket.gets) && line != "\r\n"
    body = '{"status":"ok"}'
    socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: #{body.bytesize}\r\n" \
                 "connection: close\r\n\r\n#{body}")
    socket.close
  rescue OpenSSL::SSL::SSLError, SystemCallError, IOError
    nil
  end
end
