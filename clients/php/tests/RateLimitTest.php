<?php

declare(strict_types=1);

use Marquee\Client;
use Marquee\RateLimitError;
use PHPUnit\Framework\TestCase;

/**
 * The client at a live server's per-key rate limit (MARQUEE_RATE_LIMIT=3 a minute): the 429 the
 * server really sends, with its real Retry-After (the rest of the minute). The waits' cap and the
 * Idempotency-Key kept across retries against scripted answers are in RetriesTest.php.
 */
final class RateLimitTest extends TestCase
{
    private static ?array $limited = null;

    /** The server, its key's 3 requests of this minute used up (once for the whole class). */
    private static function limited(): array
    {
        if (self::$limited === null) {
            self::$limited = TestServer::rateLimited();
            $client = new Client(self::$limited['api_key'], self::$limited['url']);
            for ($i = 0; $i < 3; $i++) {
                $client->get('/v2/events');
            }
        }
        return self::$limited;
    }

    public function testTheClientTellsTheKeysRateLimitFromTheLastAnswer(): void
    {
        $server = self::limited();
        $client = new Client($server['api_key'], $server['url'], ['max_retries' => 0]);
        $this->assertNull($client->rateLimit());
        try {
            $client->get('/v2/events');
            $this->fail('no 429');
        } catch (RateLimitError $e) {
            $this->assertSame(['limit' => 3, 'remaining' => 0, 'reset_seconds' => (int) $e->getRetryAfter()], $client->rateLimit());
        }
    }

    public function testA429IsARateLimitErrorCarryingTheServersRetryAfter(): void
    {
        $server = self::limited();
        $client = new Client($server['api_key'], $server['url'], ['max_retries' => 0]);
        try {
            $client->get('/v2/events');
            $this->fail('no 429');
        } catch (RateLimitError $e) {
            $this->assertSame([429, 'rate_limited'], [$e->getHttpStatus(), $e->getErrorCode()]);
            $this->assertStringStartsWith('req-', (string) $e->getRequestId());
            $this->assertGreaterThan(0, $e->getRetryAfter());
            $this->assertLessThanOrEqual(60, $e->getRetryAfter());
        }
    }

    public function testAPostWaitsOutTheServersRetryAfterAtMostTwiceThenThrows(): void
    {
        $server = self::limited();
        $waits = [];
        $client = new Client($server['api_key'], $server['url'], ['sleep' => function (float $s) use (&$waits): void {
            $waits[] = $s;
        }]);
        try {
            $client->post('/v2/events', ['title' => 'Night show', 'venue' => 'Main hall', 'doors_at' => '2030-12-24T19:00:00Z']);
            $this->fail('no 429');
        } catch (RateLimitError $e) {
            $this->assertCount(2, $waits); // max_retries
            // The window only shrinks: each wait was at least the Retry-After of the answer that ends the call.
            foreach ($waits as $wait) {
                $this->assertGreaterThanOrEqual($e->getRetryAfter(), $wait);
            }
        }
    }
}
