<?php

declare(strict_types=1);

use Marquee\Webhook;
use Marquee\WebhookVerificationError;
use PHPUnit\Framework\TestCase;

/** Webhook verification against signatures made here the way the server makes them. */
final class WebhookTest extends TestCase
{
    private const BODY = '{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}';
    private const NOW = 1_790_000_000;

    private static function secret(): string
    {
        return 'whsec_' . base64_encode(implode('', array_map('chr', range(0, 23))));
    }

    private static function signed(string $body = self::BODY, int $timestamp = self::NOW, string $id = 'msg_1', ?string $secret = null): array
    {
        $key = base64_decode(substr($secret ?? self::secret(), 6));
        $signature = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));
        return ['webhook-id' => $id, 'webhook-timestamp' => (string) $timestamp, 'webhook-signature' => "v1,$signature"];
    }

    public function testAGenuineDeliveryAnswersTheMessage(): void
    {
        $this->assertSame('order.created', (new Webhook(self::secret()))->verify(self::BODY, self::signed(), self::NOW)['type']);
    }

    public function testHeadersInAnyCaseOrAsServerVariables(): void
    {
        $webhook = new Webhook(self::secret());
        $titled = [];
        $server = [];
        foreach (self::signed() as $name => $value) {
            $titled[ucwords($name, '-')] = $value;
            $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
        }
        $this->assertSame('msg_1', $webhook->verify(self::BODY, $titled, self::NOW)['id']);
        $this->assertSame('msg_1', $webhook->verify(self::BODY, $server, self::NOW)['id']);
    }

    public function testAnyOfSeveralSignaturesMayMatch(): void
    {
        $other = self::signed(secret: 'whsec_' . base64_encode(str_repeat('x', 24)))['webhook-signature'];
        $headers = self::signed();
        $headers['webhook-signature'] = "$other {$headers['webhook-signature']}";
        $this->assertSame('msg_1', (new Webhook(self::secret()))->verify(self::BODY, $headers, self::NOW)['id']);
    }

    public function testTamperingIsRefused(): void
    {
        $genuine = self::signed();
        $cases = [
            [$genuine, str_replace('order', 'ordre', self::BODY)],
            [['webhook-id' => 'msg_2'] + $genuine, self::BODY],
            [['webhook-signature' => 'v2,' . substr($genuine['webhook-signature'], 3)] + $genuine, self::BODY],
            [['webhook-signature' => 'v1,'] + $genuine, self::BODY],
            [array_diff_key($genuine, ['webhook-id' => true]), self::BODY],
        ];
        $refused = 0;
        foreach ($cases as [$headers, $body]) {
            try {
                (new Webhook(self::secret()))->verify($body, $headers, self::NOW);
            } catch (WebhookVerificationError) {
                $refused++;
            }
        }
        $this->assertSame(count($cases), $refused);
    }

    public function testTheTimestampMustBeWithinFiveMinutesEitherWay(): void
    {
        $webhook = new Webhook(self::secret());
        $this->assertSame('msg_1', $webhook->verify(self::BODY, self::signed(timestamp: self::NOW - 300), self::NOW)['id']);
        $this->assertSame('msg_1', $webhook->verify(self::BODY, self::signed(timestamp: self::NOW + 300), self::NOW)['id']);
        foreach ([self::NOW - 301, self::NOW + 301] as $stale) {
            try {
                $webhook->verify(self::BODY, self::signed(timestamp: $stale), self::NOW);
                $this->fail("accepted a timestamp {$stale}");
            } catch (WebhookVerificationError $e) {
                $this->assertStringContainsString('tolerance', $e->getMessage());
            }
        }
    }

    public function testASecretThatIsNotBase64IsRefusedUpFront(): void
    {
        $this->expectException(InvalidArgumentException::class);
        new Webhook('whsec_not base64!');
    }
}
