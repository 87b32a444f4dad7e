<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/**
 * An integrator copies the README's quick start and runs it: it must work as written and print
 * what its comments promise (the attendees it sold, then the typed refusal with its code).
 */
final class ReadmeTest extends TestCase
{
    public function testTheQuickStartRunsAsWrittenAndPrintsTheRefusalItShows(): void
    {
        $server = TestServer::info();
        $readme = file_get_contents(__DIR__ . '/../README.md');
        $this->assertSame(1, preg_match('/```php\n(.*?)```/s', $readme, $match), 'the README has no ```php block');
        $script = str_replace(
            ["'sk_live_…'", "'http://127.0.0.1:4380'"],
            [var_export($server['api_key'], true), var_export($server['url'], true)],
            $match[1],
        );
        // What Composer's autoloader does for an installed package.
        $prelude = '<?php foreach (glob(' . var_export(__DIR__ . '/../src', true) . " . '/*.php') as \$f) { require_once \$f; }\n";
        $file = tempnam(sys_get_temp_dir(), 'marquee-readme-');
        file_put_contents($file, $prelude . $script);
        try {
            exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($file) . ' 2>&1', $lines, $status);
        } finally {
            unlink($file);
        }
        $this->assertSame(0, $status, implode("\n", $lines));
        $this->assertSame(['Ada', 'Ada'], array_slice($lines, 0, 2));
        $this->assertMatchesRegularExpression('/^tier_has_sales req-\S+$/', $lines[2] ?? '');
    }
}
