"""An integrator copies the README's quick start and runs it: it must work as written and print what
its comments promise (the attendees it sold, then the typed refusal with its code)."""

import re
import subprocess
import sys

from conftest import CLIENT_ROOT


def test_the_quick_start_runs_as_written_and_prints_the_refusal_it_shows(server):
    readme = (CLIENT_ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", readme, re.S)
    assert block, "the README has no ```python block"
    script = block.group(1).replace('"sk_live_…"', repr(server["api_key"])).replace(
        '"http://127.0.0.1:4380"', repr(server["url"]))
    run = subprocess.run([sys.executable, "-c", script], cwd=CLIENT_ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[:2] == ["Ada", "Ada"]
    assert re.fullmatch(r"tier_has_sales req-\S+", lines[2]), run.stdout
