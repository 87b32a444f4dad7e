<?php

// A scripted HTTP server for RetriesTest: binds 127.0.0.1 on a free port and prints it, then
// answers one request per connection with the next [status, body, headers] of the JSON array in
// argv[1], printing each request it got as a JSON line; exits when the script is used up.
// With argv[2], a PEM holding a certificate and its key, it speaks HTTPS instead.
declare(strict_types=1);

$answers = json_decode($argv[1], true, 512, JSON_THROW_ON_ERROR);
$tls = isset($argv[2]) ? ['ssl' => ['local_cert' => $argv[2]]] : [];
$flags = STREAM_SERVER_BIND | STREAM_SERVER_LISTEN;
$server = stream_socket_server($tls ? 'tls://127.0.0.1:0' : 'tcp://127.0.0.1:0', $errno, $error, $flags, stream_context_create($tls));
echo explode(':', stream_socket_get_name($server, false))[1], "\n";

foreach ($answers as [$status, $body, $extra]) {
    // Silenced: a client that refuses the certificate fails the handshake here, as it should.
    $connection = @stream_socket_accept($server, 30);
    if ($connection === false) {
        exit(1);
    }
    $method = explode(' ', (string) fgets($connection))[0];
    $headers = [];
    while (($line = fgets($connection)) !== false && $line !== "\r\n") {
        [$name, $value] = explode(':', $line, 2);
        $headers[strtolower($name)] = trim($value);
    }
    $length = (int) ($headers['content-length'] ?? 0);
    $received = $length > 0 ? stream_get_contents($connection, $length) : '';
    echo json_encode(['method' => $method, 'headers' => $headers, 'body' => $received]), "\n";
    $data = json_encode($body);
    $head = ['content-type' => 'application/json', 'x-request-id' => 'req-7', 'content-length' => strlen($data), 'connection' => 'close'] + $extra;
    $lines = '';
    foreach ($head as $name => $value) {
        $lines .= "$name: $value\r\n";
    }
    fwrite($connection, "HTTP/1.1 $status X\r\n$lines\r\n$data");
    fclose($connection);
}
