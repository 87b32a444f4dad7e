"""A venue server reached over the LAN speaks HTTPS with its own self-signed certificate (docs/api.md
"HTTPS and mDNS on the LAN"). Against a scripted HTTPS server on 127.0.0.1 with such a certificate:
trusted through ca_file (also where REQUESTS_CA_BUNDLE is set, which overrides a session's verify),
and an untrusted one is a NetworkError like any request that got no answer."""

import datetime
import ipaddress
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

import marquee


def self_signed(directory):
    """A certificate like the venue's: self-signed, not a CA, for marquee.local and 127.0.0.1."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "marquee.local")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=1))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("marquee.local"),
                                                        x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = directory / "cert.pem", directory / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        data = b'{"status":"ok"}'
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def venue(tmp_path):
    cert_file, key_file = self_signed(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_file, key_file)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"https://127.0.0.1:{httpd.server_address[1]}", str(cert_file)
    httpd.shutdown()
    httpd.server_close()


def test_the_venue_certificate_is_trusted_through_ca_file(venue, monkeypatch):
    url, cert_file = venue
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", ssl.get_default_verify_paths().openssl_cafile)
    assert marquee.Client("sk_live_test", base_url=url, ca_file=cert_file).get("/v2/health") == {"status": "ok"}


def test_an_untrusted_certificate_is_a_network_error(venue):
    url, _ = venue
    with pytest.raises(marquee.NetworkError):
        marquee.Client("sk_live_test", base_url=url, max_retries=0).get("/v2/health")
