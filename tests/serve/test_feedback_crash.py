"""A report the app has acknowledged survives the app being killed (SIGKILL) in the middle of writes
(issue 32, item 3): ``build.py serve`` runs as its own process with a state folder, four writers POST
reports without pause, the process is killed while they do, and then every acknowledged id is listed
by ``build.py feedback export`` with the report it acknowledged, and SQLite finds the file sound."""

from __future__ import annotations

import http.client
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import orjson

from generator.participation.feedback_store import FeedbackStore

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 4
ACKNOWLEDGED_BEFORE_THE_KILL = 40


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read().decode()[-2000:] if process.stderr else ""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"the app did not listen on {port} within {timeout} s")


class Writers:
    """Threads POSTing reports until the server is gone, each from its own forwarded address (the
    app trusts X-Forwarded-For from loopback, as behind the nginx adapter), so the per-client rate
    window never refuses them."""

    def __init__(self, port: int):
        self.port = port
        self.acknowledged: dict[str, str] = {}  # id -> the message it acknowledged
        self.cut_off = 0  # requests sent whose answer never came: in flight when the app died
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.write, args=(n,), daemon=True) for n in range(WRITERS)]

    def write(self, writer: int) -> None:
        for i in range(1_000_000):
            message = f"writer {writer}, report {i}"
            body = orjson.dumps({"kind": "general", "message": message})
            headers = {"Content-Type": "application/json", "X-Forwarded-For": f"10.{writer}.{i // 250}.{i % 250}"}
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            try:
                conn.request("POST", "/api/v1/feedback", body=body, headers=headers)
            except OSError:
                return  # the app is gone before this request was sent
            try:
                response = conn.getresponse()
                answer = response.read()
            except (OSError, http.client.HTTPException):
                with self.lock:
                    self.cut_off += 1
                return
            finally:
                conn.close()
            assert response.status == 200, answer[:300]
            with self.lock:
                self.acknowledged[orjson.loads(answer)["data"]["id"]] = message


def test_every_acknowledged_report_survives_a_sigkill(small_dist: Path, tmp_path: Path) -> None:
    state, port = tmp_path / "state", _free_port()
    serve = [sys.executable, str(ROOT / "build.py"), "serve", "--dist", str(small_dist), "--port", str(port)]
    process = subprocess.Popen(
        [*serve, "--state", str(state)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _wait_for(port, process)
        writers = Writers(port)
        for thread in writers.threads:
            thread.start()
        deadline = time.monotonic() + 120
        while len(writers.acknowledged) < ACKNOWLEDGED_BEFORE_THE_KILL and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)  # no shutdown, no checkpoint: as a crash
        process.wait(timeout=10)
        for thread in writers.threads:
            thread.join(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
    assert process.returncode == -signal.SIGKILL
    assert len(writers.acknowledged) >= ACKNOWLEDGED_BEFORE_THE_KILL and writers.cut_off >= 1  # killed mid-writes

    exported = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "feedback", "export", "--state", str(state)],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    listed = {r["id"]: r["document"]["message"] for r in map(orjson.loads, exported.stdout.splitlines())}
    missing = {i: m for i, m in writers.acknowledged.items() if listed.get(i) != m}
    assert not missing, f"acknowledged but not listed as acknowledged: {missing}"
    store = FeedbackStore(state, max_reports=1, max_bytes=1024)
    assert store.integrity() == "ok"
    store.close()
