<?php

declare(strict_types=1);

use Marquee\TicketTokenError;
use Marquee\TicketVerifier;
use PHPUnit\Framework\TestCase;

/** Ticket-token rules, on tokens signed here with a key of the test's own (as the server signs). */
final class TicketVerifierTest extends TestCase
{
    private const NOW = 1_790_000_000;
    private static string $keyPair;

    public static function setUpBeforeClass(): void
    {
        self::$keyPair = sodium_crypto_sign_keypair();
    }

    private static function b64(string $data): string
    {
        return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
    }

    private static function verifier(): TicketVerifier
    {
        $x = self::b64(sodium_crypto_sign_publickey(self::$keyPair));
        return new TicketVerifier(['keys' => [['kty' => 'OKP', 'crv' => 'Ed25519', 'kid' => 'k1', 'alg' => 'EdDSA', 'use' => 'sig', 'x' => $x]]]);
    }

    private static function token(string $typ = 'ticket+jwt', int $iat = self::NOW, ?int $exp = null, string $kid = 'k1', ?string $keyPair = null, array $extra = []): string
    {
        $header = self::b64(json_encode(array_merge(['alg' => 'EdDSA', 'typ' => $typ, 'kid' => $kid], $extra)));
        $claims = self::b64(json_encode(['sub' => 'tik_1', 'evt' => 'evt_1', 'tier' => 'tkt_1', 'iat' => $iat, 'exp' => $exp ?? $iat + 300]));
        $secret = sodium_crypto_sign_secretkey($keyPair ?? self::$keyPair);
        return "$header.$claims." . self::b64(sodium_crypto_sign_detached("$header.$claims", $secret));
    }

    private static function reason(string $token, float $now = self::NOW, ?string $eventId = null): ?string
    {
        try {
            self::verifier()->verify($token, $eventId, $now);
        } catch (TicketTokenError $e) {
            return $e->getReason();
        }
        return null;
    }

    public function testARotatingCodeVerifiesAndSaysSo(): void
    {
        $ticket = self::verifier()->verify(self::token(), null, self::NOW);
        $this->assertSame(['rotating', 'tik_1', 'evt_1', 'tkt_1', 'k1'], [$ticket->kind, $ticket->ticketId, $ticket->eventId, $ticket->tierId, $ticket->keyId]);
    }

    public function testAPaperPassLivesAsLongAsItsExpSays(): void
    {
        $pass = self::token('ticket-pass+jwt', exp: self::NOW + 40 * 86400);
        $ticket = self::verifier()->verify($pass, null, self::NOW + 30 * 86400);
        $this->assertSame(['paper', self::NOW + 40 * 86400], [$ticket->kind, $ticket->expiresAt]);
        $this->assertSame('expired', self::reason($pass, self::NOW + 40 * 86400 + 31));
    }

    public function testTheWindowIsIatMinus30ToExpPlus30(): void
    {
        $this->assertSame('tik_1', self::verifier()->verify(self::token(), null, self::NOW - 30)->ticketId);
        $this->assertSame('tik_1', self::verifier()->verify(self::token(), null, self::NOW + 330)->ticketId);
        $this->assertSame('not_yet_valid', self::reason(self::token(), self::NOW - 30.5));
        $this->assertSame('expired', self::reason(self::token(), self::NOW + 330.5));
    }

    public function testARotatingCodeMustLiveExactly300s(): void
    {
        $this->assertSame('malformed', self::reason(self::token(exp: self::NOW + 3600)));
    }

    public function testWhatTheVenueDidNotSignIsRefused(): void
    {
        $this->assertSame('invalid_signature', self::reason(self::token(keyPair: sodium_crypto_sign_keypair())));
        $this->assertSame('invalid_signature', self::reason(self::token(kid: 'unknown')));
        $this->assertSame('malformed', self::reason(self::token('JWT')));
        $this->assertSame('malformed', self::reason(self::token(extra: ['alg' => 'HS256'])));
        $this->assertSame('malformed', self::reason(self::token(extra: ['crit' => ['exp']])));
        $this->assertSame('malformed', self::reason('not.a.token'));
    }

    public function testATicketForAnotherEventIsRefusedWhenTheEventIsGiven(): void
    {
        $this->assertSame('wrong_event', self::reason(self::token(), eventId: 'evt_2'));
    }
}
