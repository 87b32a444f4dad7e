<?php

declare(strict_types=1);

use Marquee\ApiError;
use Marquee\Client;
use Marquee\ConflictError;
use Marquee\InvalidRequestError;
use Marquee\NetworkError;
use Marquee\NotFoundError;
use Marquee\RateLimitError;
use PHPUnit\Framework\TestCase;

/**
 * Retries and typed errors against a scripted HTTP server on 127.0.0.1 (tests/scripted-server.php,
 * its own process): the failures a live server cannot be made to produce on demand.
 */
final class RetriesTest extends TestCase
{
    /** @var resource */
    private $process;
    private array $pipes = [];
    private array $sleeps = [];

    private function scripted(array ...$answers): Client
    {
        return new Client('sk_live_test', 'http://127.0.0.1:' . $this->start($answers), ['sleep' => function (float $s) { $this->sleeps[] = $s; }]);
    }

    /** Starts the scripted server (HTTPS with the PEM given) and answers its port. */
    private function start(array $answers, ?string $pem = null): string
    {
        $script = json_encode(array_map(static fn ($a) => [$a[0], $a[1], (object) ($a[2] ?? [])], $answers));
        $command = [PHP_BINARY, __DIR__ . '/scripted-server.php', $script, ...($pem === null ? [] : [$pem])];
        $this->process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $this->pipes);
        return trim((string) fgets($this->pipes[1]));
    }

    /**
     * The venue server over the LAN speaks HTTPS with its own self-signed certificate: trusted
     * through the ca_file option; untrusted, it is a NetworkError like any request without answer.
     */
    public function testTheVenueCertificateIsTrustedThroughCaFile(): void
    {
        $key = openssl_pkey_new(['private_key_bits' => 2048, 'private_key_type' => OPENSSL_KEYTYPE_RSA]);
        $config = tempnam(sys_get_temp_dir(), 'marquee-ssl');
        file_put_contents($config, "[req]\ndistinguished_name=dn\n[dn]\n[ext]\nsubjectAltName=IP:127.0.0.1\nbasicConstraints=critical,CA:TRUE\n");
        $options = ['config' => $config, 'x509_extensions' => 'ext', 'digest_alg' => 'sha256'];
        $csr = openssl_csr_new(['commonName' => 'marquee.local'], $key, $options);
        openssl_x509_export(openssl_csr_sign($csr, null, $key, 1, $options), $cert);
        openssl_pkey_export($key, $keyPem, null, ['config' => $config]);
        $pem = tempnam(sys_get_temp_dir(), 'marquee-venue');
        $ca = tempnam(sys_get_temp_dir(), 'marquee-ca');
        file_put_contents($pem, $cert . $keyPem);
        file_put_contents($ca, $cert);
        try {
            $port = $this->start([[200, ['status' => 'ok']]], $pem);
            $trusting = new Client('sk_live_test', "https://127.0.0.1:$port", ['ca_file' => $ca]);
            $this->assertSame(['status' => 'ok'], $trusting->get('/v2/health'));
            $this->stop();

            $port = $this->start([[200, ['status' => 'ok']]], $pem);
            $untrusting = new Client('sk_live_test', "https://127.0.0.1:$port", ['max_retries' => 0]);
            $this->expectException(NetworkError::class);
            $untrusting->get('/v2/health');
        } finally {
            array_map('unlink', [$config, $pem, $ca]);
        }
    }

    /** What the scripted server received, once it has answered everything. */
    private function received(): array
    {
        $requests = [];
        while (($line = fgets($this->pipes[1])) !== false) {
            $requests[] = json_decode($line, true);
        }
        return $requests;
    }

    protected function tearDown(): void
    {
        $this->stop();
    }

    private function stop(): void
    {
        if ($this->process !== null) {
            proc_terminate($this->process);
            proc_close($this->process);
            $this->process = null;
        }
    }

    private static function refusal(int $status, string $type, string $code, ?string $param = null, array $headers = []): array
    {
        return [$status, ['error' => ['type' => $type, 'code' => $code, 'message' => "$code!", 'param' => $param]], $headers];
    }

    public function testAPostIsRetriedWithTheSameIdempotencyKey(): void
    {
        $client = $this->scripted(self::refusal(503, 'api_error', 'unavailable'), self::refusal(409, 'conflict_error', 'idempotency_key_in_use'), [200, ['id' => 'ord_1']]);
        $this->assertSame(['id' => 'ord_1'], $client->post('/v2/orders', ['a' => 1]));
        $requests = $this->received();
        $keys = array_unique(array_map(static fn ($r) => $r['headers']['idempotency-key'], $requests));
        $this->assertCount(3, $requests);
        $this->assertCount(1, $keys);
        $this->assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', reset($keys));
        $this->assertSame(array_fill(0, 3, '{"a":1}'), array_column($requests, 'body'));
        $this->assertCount(2, $this->sleeps);
        $this->assertTrue($this->sleeps[0] >= 0.25 && $this->sleeps[0] <= 0.5 && $this->sleeps[1] >= 0.5 && $this->sleeps[1] <= 1.0);
    }

    public function testEachPostCallGetsAKeyOfItsOwn(): void
    {
        $client = $this->scripted([200, []], [200, []]);
        $client->post('/v2/x', []);
        $client->post('/v2/x', []);
        [$first, $second] = $this->received();
        $this->assertSame('{}', $first['body']); // an empty body is a JSON object, not []
        $this->assertNotSame($first['headers']['idempotency-key'], $second['headers']['idempotency-key']);
    }

    public function test429WaitsForRetryAfterThenGivesUpTyped(): void
    {
        $limited = self::refusal(429, 'rate_limit_error', 'rate_limited', null, ['retry-after' => '3']);
        $client = $this->scripted($limited, $limited, $limited);
        try {
            $client->patch('/v2/events/evt_1', ['title' => 'x']); // 429: even a PATCH
            $this->fail('no RateLimitError');
        } catch (RateLimitError $e) {
            $this->assertSame([3.0, 'req-7'], [$e->getRetryAfter(), $e->getRequestId()]);
        }
        $this->assertSame([3.0, 3.0], $this->sleeps);
        $this->assertCount(3, $this->received());
    }

    public function testALongRetryAfterIsLeftToTheCaller(): void
    {
        $client = $this->scripted(self::refusal(429, 'rate_limit_error', 'rate_limited', null, ['retry-after' => '600']));
        try {
            $client->get('/v2/events');
            $this->fail('no RateLimitError');
        } catch (RateLimitError) {
        }
        $this->assertSame([], $this->sleeps);
        $this->assertCount(1, $this->received());
    }

    public function testUnsafeAndFinalAnswersAreNotRetried(): void
    {
        $client = $this->scripted(self::refusal(503, 'api_error', 'unavailable'), self::refusal(400, 'invalid_request_error', 'invalid_field', 'x'), self::refusal(409, 'conflict_error', 'sold_out'));
        $typed = static function (callable $call): array {
            try {
                $call();
            } catch (Marquee\MarqueeError $e) {
                return [get_class($e), $e->getErrorCode(), $e->getParam()];
            }
            return [];
        };
        $this->assertSame([ApiError::class, 'unavailable', null], $typed(fn () => $client->delete('/v2/tiers/tkt_1')));
        $this->assertSame([InvalidRequestError::class, 'invalid_field', 'x'], $typed(fn () => $client->post('/v2/events', [])));
        $this->assertSame([ConflictError::class, 'sold_out', null], $typed(fn () => $client->post('/v2/orders', [])));
        $this->assertCount(3, $this->received());
    }

    public function testNetworkErrorsAreRetriedForGetThenThrownTyped(): void
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0'); // a port nobody will listen on
        $port = explode(':', stream_socket_get_name($socket, false))[1];
        fclose($socket);
        $client = new Client('sk_live_test', "http://127.0.0.1:$port", ['max_retries' => 3, 'sleep' => function (float $s) { $this->sleeps[] = $s; }]);
        $this->expectException(NetworkError::class);
        try {
            $client->get('/v2/events');
        } finally {
            $this->assertCount(3, $this->sleeps);
        }
    }

    public function testAnAnswerWithoutAnEnvelopeIsTypedByItsStatus(): void
    {
        $client = $this->scripted([404, ['unexpected' => true]]);
        try {
            $client->get('/v2/nowhere');
            $this->fail('no NotFoundError');
        } catch (NotFoundError $e) {
            $this->assertSame([404, null], [$e->getHttpStatus(), $e->getErrorCode()]);
        }
    }
}
