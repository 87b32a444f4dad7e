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
var server struct {
	URL    string `json:"url"`
	APIKey string `json:"api_key"`
}

func TestMain(m *testing.M) {
	node := os.Getenv("MARQUEE_NODE")
	if node == "" {
		node = "node"
	}
	launcher := exec.Command(node, "../test-server.mjs")
	launcher.Stderr = os.Stderr
	stdin, err := launcher.StdinPipe()
	if err != nil {
		panic(err)
	}
	stdout, err := launcher.StdoutPipe()
	if err != nil {
		panic(err)
	}
	if err := launcher.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "cannot start the test server:", err)
		os.Exit(1)
	}
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil || json.Unmarshal(line, &server) != nil {
		fmt.Fprintln(os.Stderr, "the test server did not start")
		os.Exit(1)
	}
	code := m.Run()
	stdin.Close() // the launcher stops the server when its stdin closes
	_ = launcher.Wait()
	os.Exit(code)
}
