<?php

declare(strict_types=1);

// Composer's classmap autoloader does this for an installed package; the tests load src directly.
foreach (glob(__DIR__ . '/../src/*.php') as $file) {
    require_once $file;
}
require_once __DIR__ . '/../examples/verify.php';

/** Live Marquee servers (clients/test-server.mjs) on 127.0.0.1, each started once for the whole run. */
final class TestServer
{
    /** @var array<string, array{info: array, process: resource, pipes: array}> by the launcher's arguments */
    private static array $servers = [];

    /** @return array{url: string, api_key: string} the one most tests share */
    public static function info(): array
    {
        return self::start([]);
    }

    /** @return array{url: string, api_key: string} one of its own that allows each key 3 requests a minute */
    public static function rateLimited(): array
    {
        return self::start(['--rate-limit=3']);
    }

    /** @param list<string> $args */
    private static function start(array $args): array
    {
        $name = implode(' ', $args);
        if (!isset(self::$servers[$name])) {
            $node = getenv('MARQUEE_NODE') ?: 'node';
            $process = proc_open([$node, __DIR__ . '/../../test-server.mjs', ...$args], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
            $line = fgets($pipes[1]);
            if ($line === false) {
                throw new RuntimeException('the test server did not start');
            }
            self::$servers[$name] = ['info' => json_decode($line, true, 512, JSON_THROW_ON_ERROR), 'process' => $process, 'pipes' => $pipes];
            register_shutdown_function(static function () use ($process, $pipes): void {
                fclose($pipes[0]); // the launcher stops the server when its stdin closes
                proc_close($process);
            });
        }
        return self::$servers[$name]['info'];
    }
}
