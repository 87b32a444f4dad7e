<?php

declare(strict_types=1);

namespace Marquee;

/**
 * Checks a delivery against an endpoint's `whsec_…` secret (the Standard Webhooks scheme).
 *
 * verify() takes the raw body exactly as received (`file_get_contents('php://input')`) and the
 * request headers — `getallheaders()`, or `$_SERVER` itself — and answers the parsed message, or
 * throws WebhookVerificationError.
 */
final class Webhook
{
    public const DEFAULT_TOLERANCE = 300; // seconds either side of the receiver's clock

    private readonly string $key;

    public function __construct(string $secret, private readonly int $tolerance = self::DEFAULT_TOLERANCE)
    {
        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        if ($key === false || $key === '') {
            throw new \InvalidArgumentException('the webhook secret is not whsec_ followed by base64');
        }
        $this->key = $key;
    }

    public function verify(string $payload, array $headers, ?int $now = null): array
    {
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null) {
            throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
        }
        if (!ctype_digit($timestamp)) {
            throw new WebhookVerificationError('webhook-timestamp is not a number');
        }
        if (abs(($now ?? time()) - (int) $timestamp) > $this->tolerance) {
            throw new WebhookVerificationError('webhook-timestamp is outside the tolerance (replayed or stale)');
        }
        $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $this->key, true));
        foreach (explode(' ', $signatures) as $candidate) {
            [$version, $signature] = array_pad(explode(',', $candidate, 2), 2, '');
            if ($version === 'v1' && hash_equals($expected, $signature)) {
                return json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
            }
        }
        throw new WebhookVerificationError('no signature matches');
    }

    /** A header by name in any case, or as $_SERVER spells it (HTTP_WEBHOOK_ID). */
    private static function header(array $headers, string $name): ?string
    {
        $server = 'HTTP_' . strtoupper(str_replace('-', '_', $name));
        foreach ($headers as $key => $value) {
            if (strcasecmp((string) $key, $name) === 0 || $key === $server) {
                return is_array($value) ? (string) reset($value) : (string) $value;
            }
        }
        return null;
    }
}
