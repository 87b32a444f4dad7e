<?php

declare(strict_types=1);

use Marquee\AuthenticationError;
use Marquee\Client;
use Marquee\ConflictError;
use Marquee\InvalidRequestError;
use Marquee\NotFoundError;
use Marquee\PermissionError;
use Marquee\TicketTokenError;
use Marquee\TicketVerifier;
use Marquee\Webhook;
use Marquee\WebhookVerificationError;
use PHPUnit\Framework\TestCase;

/** The client against a real server: sell, read, verify offline, receive a webhook, page, refuse. */
final class LiveTest extends TestCase
{
    private array $server;
    private Client $client;

    protected function setUp(): void
    {
        $this->server = TestServer::info();
        $this->client = new Client($this->server['api_key'], $this->server['url']);
    }

    private function newEvent(int $quantity = 10): array
    {
        $event = $this->client->post('/v2/events', ['title' => 'Night show', 'venue' => 'Main hall', 'doors_at' => '2030-12-24T19:00:00+00:00']);
        $tier = $this->client->post("/v2/events/{$event['id']}/tiers", ['name' => 'General admission', 'price_cents' => 2500, 'quantity' => $quantity]);
        $this->client->post("/v2/events/{$event['id']}/publish");
        return [$event, $tier];
    }

    private function checkout(array $event, array $tier, int $quantity, ?string $idempotencyKey = null): array
    {
        return $this->client->post('/v2/orders', [
            'event_id' => $event['id'],
            'items' => [['tier_id' => $tier['id'], 'quantity' => $quantity]],
            'buyer' => ['name' => 'Ada Lovelace', 'email' => 'ada@example.com'],
            'payment_method' => 'cash',
        ], $idempotencyKey);
    }

    /** The TicketTokenError reason `$call` throws, or null when it throws none. */
    private static function reasonOf(callable $call): ?string
    {
        try {
            $call();
        } catch (TicketTokenError $e) {
            return $e->getReason();
        }
        return null;
    }

    public function testSellReadVerifyReceivePageAndRefuse(): void
    {
        // A webhook receiver on 127.0.0.1: a listening socket this test accepts on once the sale is made.
        $receiver = stream_socket_server('tcp://127.0.0.1:0');
        $receiverUrl = 'http://' . stream_socket_get_name($receiver, false) . '/hooks';

        [$event, $tier] = $this->newEvent();
        $endpoint = $this->client->post('/v2/webhook_endpoints', ['url' => $receiverUrl, 'events' => ['order.created']]);
        $order = $this->checkout($event, $tier, 3);
        $this->assertSame(['paid', 3], [$order['status'], count($order['tickets'])]);

        // The ticket, read back, carries a token that verifies offline against the JWKS.
        $ticket = $this->client->get("/v2/tickets/{$order['tickets'][0]['id']}");
        $verified = $this->client->ticketVerifier()->verify($ticket['qr_token'], $event['id']);
        $this->assertSame(['rotating', $ticket['id'], $event['id'], $tier['id']], [$verified->kind, $verified->ticketId, $verified->eventId, $verified->tierId]);
        $this->assertSame($verified->issuedAt + 300, $verified->expiresAt);

        // The order.created delivery verifies with the endpoint's secret, and not with another.
        [$body, $headers] = self::receiveOne($receiver);
        fclose($receiver);
        $message = (new Webhook($endpoint['secret']))->verify($body, $headers);
        $this->assertSame(['order.created', $order['id']], [$message['type'], $message['data']['object']['id']]);
        $other = $this->client->post('/v2/webhook_endpoints', ['url' => $receiverUrl, 'events' => ['payout.paid']]);
        try {
            (new Webhook($other['secret']))->verify($body, $headers);
            $this->fail('verified with another endpoint\'s secret');
        } catch (WebhookVerificationError) {
        }

        // The documented snippets, on the same real delivery and token.
        $this->assertSame($message['id'], verify_webhook($endpoint['secret'], $body, $headers)['id']);
        $this->assertSame($ticket['id'], verify_ticket($this->server['url'], $ticket['qr_token'])->ticketId);

        // Three attendees, one per page: the generator follows next_cursor to the end, numbering
        // the items 0, 1, 2 across pages, so iterator_to_array() with its default (keys kept)
        // gets every item, not just the last page's.
        $attendees = iterator_to_array($this->client->list('/v2/attendees', ['event_id' => $event['id'], 'limit' => 1]));
        $this->assertSame([0, 1, 2], array_keys($attendees));
        $this->assertSame(array_column($order['tickets'], 'id'), array_column($attendees, 'ticket_id'));

        // A tier with sales cannot be deleted: 409 as a typed ConflictError.
        try {
            $this->client->delete("/v2/tiers/{$tier['id']}");
            $this->fail('deleted a tier with sales');
        } catch (ConflictError $e) {
            $this->assertSame([409, 'tier_has_sales', 'conflict_error'], [$e->getHttpStatus(), $e->getErrorCode(), $e->getErrorType()]);
            $this->assertNotEmpty($e->getRequestId());
        }
    }

    /** Accepts one connection (at most 20 s) and reads one HTTP request: [raw body, headers]. */
    private static function receiveOne($server): array
    {
        $connection = stream_socket_accept($server, 20);
        self::assertNotFalse($connection, 'no webhook delivery in 20 s');
        stream_set_timeout($connection, 20);
        fgets($connection); // request line
        $headers = [];
        while (($line = fgets($connection)) !== false && $line !== "\r\n") {
            [$name, $value] = explode(':', $line, 2);
            $headers[strtolower($name)] = trim($value);
        }
        $body = '';
        while (strlen($body) < (int) $headers['content-length'] && !feof($connection)) {
            $body .= fread($connection, (int) $headers['content-length'] - strlen($body));
        }
        fwrite($connection, "HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n");
        fclose($connection);
        return [$body, $headers];
    }

    public function testSoldOutIsAConflict(): void
    {
        [$event, $tier] = $this->newEvent(1);
        $this->checkout($event, $tier, 1);
        try {
            $this->checkout($event, $tier, 1);
            $this->fail('sold past the quantity');
        } catch (ConflictError $e) {
            $this->assertSame('sold_out', $e->getErrorCode());
        }
    }

    public function testARepeatedIdempotencyKeyReplaysTheFirstAnswer(): void
    {
        [$event, $tier] = $this->newEvent();
        $key = bin2hex(random_bytes(16));
        $first = $this->checkout($event, $tier, 1, $key);
        $again = $this->checkout($event, $tier, 1, $key);
        $fresh = $this->checkout($event, $tier, 1);
        $this->assertSame($first['id'], $again['id']);
        $this->assertNotSame($first['id'], $fresh['id']);
        $this->assertSame(2, $this->client->get("/v2/tiers/{$tier['id']}")['sold']);
        try {
            $this->checkout($event, $tier, 2, $key);
            $this->fail('a reused key with another body was accepted');
        } catch (ConflictError $e) {
            $this->assertSame('idempotency_key_reused', $e->getErrorCode());
        }
    }

    public function testBooleanQueryParametersAreSentAsTheApiSpellsThem(): void
    {
        [$event, $tier] = $this->newEvent();
        $this->checkout($event, $tier, 2);
        $without = $this->client->get('/v2/scan/door_pack', ['event_id' => $event['id'], 'holders' => false]);
        $named = $this->client->get('/v2/scan/door_pack', ['event_id' => $event['id'], 'holders' => true]);
        $this->assertSame([0, 2], [count($without['holders']), count($named['holders'])]);
    }

    public function testRefusalsAreTyped(): void
    {
        $code = static function (callable $call, string $class): array {
            try {
                $call();
            } catch (Marquee\MarqueeError $e) {
                return [get_class($e) === $class, $e->getErrorCode(), $e->getParam()];
            }
            return [false, null, null];
        };
        $this->assertSame([true, 'resource_missing', 'id'], $code(fn () => $this->client->get('/v2/events/evt_00000000000000000000'), NotFoundError::class));
        $this->assertSame([true, 'missing_field', 'venue'], $code(fn () => $this->client->post('/v2/events', ['title' => 'No venue', 'doors_at' => '2030-12-24T19:00:00Z']), InvalidRequestError::class));
        $stranger = new Client('sk_live_notakeyofthisserver00', $this->server['url']);
        $this->assertSame([true, 'invalid_api_key', null], $code(fn () => $stranger->get('/v2/events'), AuthenticationError::class));
        $scanner = $this->client->post('/v2/api_keys', ['name' => 'door', 'scope' => 'scanner']);
        $door = new Client($scanner['secret'], $this->server['url']);
        $this->assertSame([true, 'insufficient_scope', null], $code(fn () => $door->get('/v2/orders'), PermissionError::class));
    }

    public function testAForgedTokenIsRefused(): void
    {
        [$event, $tier] = $this->newEvent();
        $token = $this->checkout($event, $tier, 1)['tickets'][0]['qr_token'];
        [$head, $payload, $signature] = explode('.', $token);
        $verifier = $this->client->ticketVerifier();
        $this->assertSame('invalid_signature', self::reasonOf(fn () => $verifier->verify("$head.$payload." . str_repeat('A', strlen($signature)))));
        $this->assertSame('wrong_event', self::reasonOf(fn () => $verifier->verify($token, 'evt_someotherevent0000')));
    }
    public function testAKeptVerifierFollowsAKeyRotationAtMostEvery30s(): void
    {
        [$event, $tier] = $this->newEvent();
        [$head, $payload, $signature] = explode('.', $this->checkout($event, $tier, 1)['tickets'][0]['qr_token']);
        $header = json_decode(base64_decode(strtr($head, '-_', '+/')), true);
        $header['kid'] = 'not-the-venues';
        $stranger = rtrim(strtr(base64_encode(json_encode($header)), '+/', '-_'), '=') . ".$payload.$signature";
        foreach ([$this->client->ticketVerifier(), TicketVerifier::fetch($this->server['url'])] as $verifier) {
            $start = microtime(true);
            // An unknown kid fetches the JWKS again, which does not hold it either: refused.
            $this->assertSame('invalid_signature', self::reasonOf(fn () => $verifier->verify($stranger, null, $start)));
            $rotated = $this->client->post('/v2/scan/keys/rotate');
            $token = $this->checkout($event, $tier, 1)['tickets'][0]['qr_token'];
            // Within 30 s of the last fetch: not again.
            $this->assertSame('invalid_signature', self::reasonOf(fn () => $verifier->verify($token, null, $start + 1)));
            $this->assertSame($rotated['active_kid'], $verifier->verify($token, null, $start + 31)->keyId);
        }

        // One made from a saved JWKS never goes to the network.
        $saved = new TicketVerifier($this->client->jwks());
        $this->client->post('/v2/scan/keys/rotate');
        $token = $this->checkout($event, $tier, 1)['tickets'][0]['qr_token'];
        $this->assertSame('invalid_signature', self::reasonOf(fn () => $saved->verify($token)));
    }
}
