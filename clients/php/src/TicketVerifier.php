<?php

declare(strict_types=1);

namespace Marquee;

/** What a ticket token proves: $kind is `rotating` (the phone's 5-minute code) or `paper`. */
final class VerifiedTicket
{
    public function __construct(
        public readonly string $kind,
        public readonly string $ticketId,
        public readonly string $eventId,
        public readonly string $tierId,
        public readonly int $issuedAt,
        public readonly int $expiresAt,
        public readonly string $keyId,
    ) {
    }
}

/**
 * Holds a JWKS (`GET /v2/scan/jwks`) and verifies ticket tokens with it (libsodium), without the
 * network. A valid signature proves the venue issued the ticket; whether it is still active or
 * already admitted is the server's (`POST /v2/scan/validate`) or a door pack's to say.
 *
 * One made by fetch() (or Client::ticketVerifier()) follows a key rotation: a token whose kid it
 * does not hold makes it fetch the JWKS again, at most once every REFETCH_COOLDOWN seconds
 * (offline, the token stays refused). One made from a JWKS array never touches the network.
 */
final class TicketVerifier
{
    public const ROTATING_LIFETIME = 300; // a rotating code lives exactly this long
    public const SKEW = 30; // validators accept from iat − 30 s to exp + 30 s
    private const KINDS = ['ticket+jwt' => 'rotating', 'ticket-pass+jwt' => 'paper'];
    /** So a forger inventing kids costs the venue one request per 30 s (as jose's remote key sets). */
    public const REFETCH_COOLDOWN = 30;

    /** @var array<string, string> kid → raw Ed25519 public key */
    private array $keys;
    /** @var (callable(): array)|null */
    private $refetch;
    private ?float $refetchedAt = null;

    /** Fetches the JWKS from a venue server (a public route: no API key). */
    public static function fetch(string $baseUrl): self
    {
        $getJwks = static function () use ($baseUrl): array {
            $curl = curl_init(rtrim($baseUrl, '/') . '/v2/scan/jwks');
            curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 10, CURLOPT_FAILONERROR => true]);
            $text = curl_exec($curl);
            $error = curl_error($curl);
            curl_close($curl);
            if ($text === false) {
                throw new NetworkError("GET /v2/scan/jwks: $error");
            }
            return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
        };
        return new self($getJwks(), $getJwks);
    }

    /** @param (callable(): array)|null $refetch answers the JWKS anew, for a kid not held */
    public function __construct(array $jwks, ?callable $refetch = null)
    {
        $this->keys = self::keysOf($jwks);
        $this->refetch = $refetch;
    }

    /** @return array<string, string> */
    private static function keysOf(array $jwks): array
    {
        $keys = [];
        foreach ($jwks['keys'] ?? [] as $jwk) {
            if (($jwk['kty'] ?? null) === 'OKP' && ($jwk['crv'] ?? null) === 'Ed25519' && isset($jwk['kid'], $jwk['x'])) {
                $raw = self::base64url($jwk['x']);
                if ($raw !== null && strlen($raw) === SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES) {
                    $keys[$jwk['kid']] = $raw;
                }
            }
        }
        return $keys;
    }

    private function keyFor(string $kid, float $now): ?string
    {
        if (isset($this->keys[$kid]) || $this->refetch === null) {
            return $this->keys[$kid] ?? null;
        }
        if ($this->refetchedAt !== null && $now - $this->refetchedAt < self::REFETCH_COOLDOWN) {
            return null;
        }
        $this->refetchedAt = $now;
        try {
            $this->keys = self::keysOf(($this->refetch)());
        } catch (\Throwable) { // offline or a bad answer: keep the keys held, refuse this token
            return null;
        }
        return $this->keys[$kid] ?? null;
    }

    public function verify(string $token, ?string $eventId = null, ?float $now = null): VerifiedTicket
    {
        $parts = explode('.', $token);
        $header = count($parts) === 3 ? self::json($parts[0]) : null;
        $claims = count($parts) === 3 ? self::json($parts[1]) : null;
        $signature = count($parts) === 3 ? self::base64url($parts[2]) : null;
        if ($header === null || $claims === null || $signature === null) {
            throw new TicketTokenError('malformed', 'not a JWS');
        }
        $kind = self::KINDS[$header['typ'] ?? ''] ?? null;
        if (($header['alg'] ?? null) !== 'EdDSA' || $kind === null || array_key_exists('crit', $header)) {
            throw new TicketTokenError('malformed', 'not a Marquee ticket token (alg, typ or crit)');
        }
        $now ??= microtime(true);
        $key = $this->keyFor((string) ($header['kid'] ?? ''), $now);
        if ($key === null) {
            throw new TicketTokenError('invalid_signature', 'signed with a key the JWKS does not hold');
        }
        if (strlen($signature) !== SODIUM_CRYPTO_SIGN_BYTES
            || !sodium_crypto_sign_verify_detached($signature, "$parts[0].$parts[1]", $key)) {
            throw new TicketTokenError('invalid_signature', 'the signature does not verify');
        }

        [$iat, $exp] = [$claims['iat'] ?? null, $claims['exp'] ?? null];
        foreach (['sub', 'evt', 'tier'] as $name) {
            if (!is_string($claims[$name] ?? null)) {
                throw new TicketTokenError('malformed', 'claims sub, evt, tier, iat and exp are required');
            }
        }
        if (!is_int($iat) || !is_int($exp)) {
            throw new TicketTokenError('malformed', 'claims iat and exp must be whole seconds');
        }
        if ($kind === 'rotating' && $exp !== $iat + self::ROTATING_LIFETIME) {
            throw new TicketTokenError('malformed', 'a rotating code lives exactly 300 s');
        }
        if ($now < $iat - self::SKEW) {
            throw new TicketTokenError('not_yet_valid', 'issued in the future (check the clock)');
        }
        if ($now > $exp + self::SKEW) {
            throw new TicketTokenError('expired', 'expired');
        }
        if ($eventId !== null && $claims['evt'] !== $eventId) {
            throw new TicketTokenError('wrong_event', "a ticket for {$claims['evt']}, not $eventId");
        }
        return new VerifiedTicket($kind, $claims['sub'], $claims['evt'], $claims['tier'], $iat, $exp, $header['kid']);
    }

    private static function base64url(string $text): ?string
    {
        if (!preg_match('/^[A-Za-z0-9_-]*$/', $text)) {
            return null;
        }
        $decoded = base64_decode(strtr($text, '-_', '+/'), true);
        return $decoded === false ? null : $decoded;
    }

    private static function json(string $segment): ?array
    {
        $text = self::base64url($segment);
        $value = $text === null ? null : json_decode($text, true);
        return is_array($value) ? $value : null;
    }
}
