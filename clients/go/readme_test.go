package marquee_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// An integrator copies the README's quick start into a main function and runs it: it must build
// and work as written and print what its comments promise (the attendees it sold, then the typed
// refusal with its code).
func TestReadmeQuickStartRunsAsWritten(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(readme)
	if block == nil {
		t.Fatal("the README has no ```go block")
	}
	snippet := strings.NewReplacer(`"sk_live_…"`, strconv.Quote(server.APIKey),
		`"http://127.0.0.1:4380"`, strconv.Quote(server.URL)).Replace(string(block[1]))
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	goMod := "module readme\n\ngo 1.19\n\nrequire marquee v0.0.0\n\nreplace marquee => " + here + "\n"
	program := "package main\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"fmt\"\n\t\"log\"\n\t\"net/url\"\n\n\t\"marquee\"\n)\n\n" +
		"func main() {\n" + snippet + "}\n"
	for name, text := range map[string]string{"go.mod": goMod, "main.go": program} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	run := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", ".")
	run.Dir = dir
	run.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	output, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("the quick start failed: %v\n%s", err, output)
	}
	if !regexp.MustCompile(`\AAda\nAda\ntier_has_sales req-\S+\n\z`).Match(output) {
		t.Fatalf("the quick start printed %q", output)
	}
}
