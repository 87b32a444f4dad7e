package marquee_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// server is a live Marquee server (clients/test-server.mjs) on 127.0.0.1 for the whole run.
var server liveServer

type liveServer struct {
	URL    string `json:"url"`
	APIKey string `json:"api_key"`
}

// startServer starts clients/test-server.mjs with args (e.g. --rate-limit=3); stop ends it.
func startServer(args ...string) (live liveServer, stop func(), err error) {
	node := os.Getenv("MARQUEE_NODE")
	if node == "" {
		node = "node"
	}
	launcher := exec.Command(node, append([]string{"../test-server.mjs"}, args...)...)
	launcher.Stderr = os.Stderr
	stdin, err := launcher.StdinPipe()
	if err != nil {
		return live, nil, err
	}
	stdout, err := launcher.StdoutPipe()
	if err != nil {
		return live, nil, err
	}
	if err := launcher.Start(); err != nil {
		return live, nil, fmt.Errorf("cannot start the test server: %w", err)
	}
	stop = func() {
		stdin.Close() // the launcher stops the server when its stdin closes
		_ = launcher.Wait()
	}
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil || json.Unmarshal(line, &live) != nil {
		stop()
		return live, nil, fmt.Errorf("the test server did not start")
	}
	return live, stop, nil
}

func TestMain(m *testing.M) {
	live, stop, err := startServer()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	server = live
	code := m.Run()
	stop()
	os.Exit(code)
}
