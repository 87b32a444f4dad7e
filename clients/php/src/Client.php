<?php

declare(strict_types=1);

namespace Marquee;

/**
 * A Marquee venue server's /v2 API.
 *
 *     $client = new Marquee\Client('sk_live_…', 'http://127.0.0.1:4380');
 *     $event = $client->post('/v2/events', ['title' => 'Night show', …]);
 *
 * Every POST carries an Idempotency-Key (made once per call, sent again on each retry), so GETs
 * and POSTs are retried on network errors, 429 (after its Retry-After), 409
 * idempotency_key_in_use and 5xx, at most `max_retries` times with exponential backoff. PATCH and
 * DELETE are retried only after a 429, which the server answers before doing anything.
 */
final class Client
{
    public const VERSION = '0.1.0';
    private const RETRY_STATUSES = [500, 502, 503, 504];
    /** A longer Retry-After is the caller's decision, not a silent wait. */
    private const MAX_RETRY_AFTER = 60.0;

    private readonly string $baseUrl;
    private readonly int $maxRetries;
    private readonly float $timeout;
    private readonly ?string $caFile;
    /** @var callable(float): void */
    private $sleep;
    /** @var array{limit: int, remaining: int, reset_seconds: int}|null */
    private ?array $rateLimit = null;

    /** @param array{max_retries?: int, timeout?: float, ca_file?: string, sleep?: callable(float): void} $options */
    public function __construct(private readonly string $apiKey, string $baseUrl = 'http://127.0.0.1:4380', array $options = [])
    {
        if ($apiKey === '') {
            throw new \InvalidArgumentException('an API key is required');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->maxRetries = $options['max_retries'] ?? 2;
        $this->timeout = $options['timeout'] ?? 30.0;
        // A PEM file to trust for https: the venue server's own self-signed certificate
        // (<data dir>/tls/cert.pem) when it is reached over the LAN.
        $this->caFile = $options['ca_file'] ?? null;
        $this->sleep = $options['sleep'] ?? static fn (float $seconds) => usleep((int) round($seconds * 1e6));
    }

    /**
     * The key's rate limit as the last answer that carried it told it (its x-ratelimit-* headers), to
     * pace a bulk job before it meets a 429; null until then, and while the server's limit is off.
     *
     * @return array{limit: int, remaining: int, reset_seconds: int}|null
     */
    public function rateLimit(): ?array
    {
        return $this->rateLimit;
    }

    public function get(string $path, array $query = []): mixed
    {
        return $this->request('GET', $path, null, $query);
    }

    /** An empty $body is sent as `{}`; use objects (`new \stdClass`) for empty maps deeper down. */
    public function post(string $path, ?array $body = null, ?string $idempotencyKey = null): mixed
    {
        return $this->request('POST', $path, $body, [], $idempotencyKey);
    }

    public function patch(string $path, array $body): mixed
    {
        return $this->request('PATCH', $path, $body);
    }

    public function delete(string $path): mixed
    {
        return $this->request('DELETE', $path);
    }

    /**
     * Every item of a list, oldest first, fetching page after page (`limit` sets the page size).
     *
     * @return \Generator<int, array>
     */
    public function list(string $path, array $query = []): \Generator
    {
        while (true) {
            $page = $this->get($path, $query);
            // Not `yield from`: it keeps each page's own keys (0, 1, … again on every page), and
            // iterator_to_array() would then keep only the last page.
            foreach ($page['data'] as $item) {
                yield $item;
            }
            $cursor = $page['next_cursor'] ?? null;
            if (!($page['has_more'] ?? false) || $cursor === null) {
                return;
            }
            if ($cursor === ($query['cursor'] ?? null)) {
                throw new MarqueeError("$path: the server handed back the same cursor twice");
            }
            $query['cursor'] = $cursor;
        }
    }

    /** The public keys ticket tokens are signed with (`GET /v2/scan/jwks`). */
    public function jwks(): array
    {
        return $this->get('/v2/scan/jwks');
    }

    /** A verifier holding the current JWKS: verifies tokens offline, and fetches it again for a kid it does not hold. */
    public function ticketVerifier(): TicketVerifier
    {
        // Fetched again through this client (its CA file, its retries) for a kid it does not hold.
        return new TicketVerifier($this->jwks(), fn (): array => $this->jwks());
    }

    public function request(string $method, string $path, ?array $body = null, array $query = [], ?string $idempotencyKey = null): mixed
    {
        $method = strtoupper($method);
        $url = $this->baseUrl . '/' . ltrim($path, '/') . ($query ? '?' . self::queryString($query) : '');
        $headers = [
            'authorization: Bearer ' . $this->apiKey,
            'accept: application/json',
            'user-agent: marquee-php/' . self::VERSION,
        ];
        if ($method === 'POST') {
            $headers[] = 'idempotency-key: ' . ($idempotencyKey ?? self::uuid4());
        }
        $payload = null;
        if ($body !== null) {
            $payload = $body === [] ? '{}' : json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
            $headers[] = 'content-type: application/json';
        }

        for ($attempt = 0; ; $attempt++) {
            [$status, $responseHeaders, $text, $networkError] = $this->sendOnce($method, $url, $headers, $payload);
            if ($networkError !== null) {
                if ($attempt < $this->maxRetries && in_array($method, ['GET', 'POST'], true)) {
                    ($this->sleep)(self::backoff($attempt));
                    continue;
                }
                throw new NetworkError("$method $path: $networkError");
            }
            $this->rateLimit = self::rateLimitOf($responseHeaders) ?? $this->rateLimit;
            if ($status < 300) {
                return $text === '' ? null : json_decode($text, true, 512, JSON_THROW_ON_ERROR);
            }
            $retryAfter = self::retryAfterSeconds($responseHeaders['retry-after'] ?? null);
            $error = MarqueeError::fromResponse($status, json_decode($text, true), $responseHeaders['x-request-id'] ?? null, $retryAfter);
            if ($attempt >= $this->maxRetries || !self::retryable($method, $error)) {
                throw $error;
            }
            $delay = self::backoff($attempt);
            if ($retryAfter !== null) {
                if ($retryAfter > self::MAX_RETRY_AFTER) {
                    throw $error;
                }
                $delay = max($delay, $retryAfter);
            }
            ($this->sleep)($delay);
        }
    }

    /** @return array{0: int, 1: array<string, string>, 2: string, 3: ?string} */
    private function sendOnce(string $method, string $url, array $headers, ?string $payload): array
    {
        $responseHeaders = [];
        $curl = curl_init($url);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => (int) ($this->timeout * 1000),
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$responseHeaders): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $responseHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ]);
        if ($payload !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, $payload);
        }
        if ($this->caFile !== null) {
            curl_setopt($curl, CURLOPT_CAINFO, $this->caFile);
        }
        $text = curl_exec($curl);
        $error = $text === false ? curl_error($curl) : null;
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        return [$status, $responseHeaders, $text === false ? '' : $text, $error];
    }

    /** Booleans as the API spells them: http_build_query would send `true` as "1", which is refused. */
    private static function queryString(array $query): string
    {
        $spelled = array_map(static fn ($value) => is_bool($value) ? ($value ? 'true' : 'false') : $value, $query);
        return http_build_query($spelled);
    }

    private static function retryable(string $method, MarqueeError $error): bool
    {
        if ($error->getHttpStatus() === 429) {
            return true; // refused before anything ran, whatever the method
        }
        if (!in_array($method, ['GET', 'POST'], true)) {
            return false;
        }
        if ($error->getHttpStatus() === 409) {
            return $error->getErrorCode() === 'idempotency_key_in_use';
        }
        return in_array($error->getHttpStatus(), self::RETRY_STATUSES, true);
    }

    /** 0.5 s, 1 s, 2 s, … (at most 8 s), each between half and all of it, so clients spread out. */
    private static function backoff(int $attempt): float
    {
        return min(8.0, 0.5 * 2 ** $attempt) * (0.5 + mt_rand() / mt_getrandmax() / 2);
    }

    /** @return array{limit: int, remaining: int, reset_seconds: int}|null */
    private static function rateLimitOf(array $headers): ?array
    {
        $values = [];
        foreach (['limit' => 'limit', 'remaining' => 'remaining', 'reset_seconds' => 'reset'] as $key => $name) {
            $value = $headers["x-ratelimit-$name"] ?? null;
            if ($value === null || !ctype_digit($value)) {
                return null;
            }
            $values[$key] = (int) $value;
        }
        return $values;
    }

    private static function retryAfterSeconds(?string $value): ?float
    {
        if ($value === null || $value === '') {
            return null;
        }
        if (is_numeric($value)) {
            return max(0.0, (float) $value);
        }
        $at = strtotime($value);
        return $at === false ? null : max(0.0, (float) ($at - time()));
    }

    private static function uuid4(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }
}
