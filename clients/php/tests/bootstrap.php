<?php

declare(strict_types=1);

// Composer's classmap autoloader does this for an installed package; the tests load src directly.
foreach (glob(__DIR__ . '/../src/*.php') as $file) {
    require_once $file;
}
require_once __DIR__ . '/../examples/verify.php';

/** A live Marquee server (clients/test-server.mjs) on 127.0.0.1, started once for the whole run. */
final class TestServer
{
    private static ?array $info = null;
    /** @var resource|null */
    private static $process = null;
    private static array $pipes = [];

    /** @return array{url: string, api_key: string} */
    public static function info(): array
    {
        if (self::$info === null) {
            $node = getenv('MARQUEE_NODE') ?: 'node';
            self::$process = proc_open([$node, __DIR__ . '/../../test-server.mjs'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], self::$pipes);
            $line = fgets(self::$pipes[1]);
            if ($line === false) {
                throw new RuntimeException('the test server did not start');
            }
            self::$info = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
            register_shutdown_function([self::class, 'stop']);
        }
        return self::$info;
    }

    public static function stop(): void
    {
        fclose(self::$pipes[0]); // the launcher stops the server when its stdin closes
        proc_close(self::$process);
    }
}
