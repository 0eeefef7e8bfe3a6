"""gunicorn's master with deploys in mind: a reload or a broken deploy never leaves nobody serving.

gunicorn itself, on HUP, starts new workers and at once tells the old ones to
stop, and it stops the whole server as soon as any worker fails to boot. So a
deploy whose code cannot load, followed by HUP (or by a worker being recycled
or crashing), took the service down. `TilesArbiter` changes two things:

- **HUP** starts the new workers beside the old ones and retires the old ones
  only once every new one is serving (it has entered its accept loop). If a new
  worker cannot boot, or they are not all serving after `BOOT_TIMEOUT`, the reload is given
  up: the new ones are stopped, the old ones go on serving, and the error is logged.
- **A worker that cannot boot while others serve** does not stop the master: it
  is logged, and a replacement is tried again after `RETRY_AFTER` seconds. Only
  when no worker serves (at start, say) does the master stop, as gunicorn does.

A worker is serving once it has touched its heartbeat file (gunicorn's
``WorkerTmp``), which a worker first does in its accept loop.

>>> TilesArbiter.BOOT_TIMEOUT, TilesArbiter.RETRY_AFTER
(60.0, 5.0)
"""

from __future__ import annotations

import signal
import time

from gunicorn.arbiter import Arbiter
from gunicorn.errors import HaltServer


class TilesArbiter(Arbiter):
    BOOT_TIMEOUT = 60.0  # seconds the new workers of a reload have to start serving
    RETRY_AFTER = 5.0    # seconds between attempts to replace a worker that could not boot

    def __init__(self, app):
        super().__init__(app)
        self.birth: dict[int, float] = {}   # pid -> heartbeat time when spawned
        self.fresh: set[int] = set()        # a reload's new workers, not all serving yet
        self.stale: set[int] = set()        # the workers they replace
        self.leaving: set[int] = set()      # workers told to stop and not yet reaped
        self.reload_began = 0.0
        self.hold_until = 0.0               # no new worker before this (monotonic), after a failed boot

    def spawn_worker(self):
        pid = super().spawn_worker()  # returns in the master only
        self.birth[pid] = self.WORKERS[pid].tmp.last_update()
        return pid

    def serving(self, pid: int) -> bool:
        worker = self.WORKERS.get(pid)
        return worker is not None and worker.tmp.last_update() != self.birth.get(pid)

    def handle_hup(self):
        """New workers (running the code on disk: see `serve.fresh_code`) beside the old ones."""
        self.log.info("Hang up: %s", self.master_name)
        self.log.reopen_files()
        if self.fresh:
            self.log.info("reload: already under way; its new workers are still starting")
            return
        self.stale = set(self.WORKERS) - self.leaving
        self.reload_began = time.monotonic()
        for _ in range(self.num_workers):
            self.fresh.add(self.spawn_worker())

    def manage_workers(self):
        if self.fresh:
            self._settle_reload()
        self.leaving &= set(self.WORKERS)
        if self.fresh or self.leaving:
            return  # workers are being replaced: gunicorn's rule would stop the oldest ones now
        if len(self.WORKERS) < self.num_workers and time.monotonic() < self.hold_until:
            return
        super().manage_workers()

    def _settle_reload(self) -> None:
        if not self.fresh <= set(self.WORKERS):
            self._give_up_reload("a new worker exited before it served")
        elif all(self.serving(pid) for pid in self.fresh):
            old = sorted(self.stale & set(self.WORKERS))
            self.log.info("reload: %d new workers serving; %d old ones finish their requests and exit",
                          len(self.fresh), len(old))
            for pid in old:
                self.kill_worker(pid, signal.SIGTERM)
            self.leaving.update(old)
            self.fresh.clear()
            self.stale.clear()
        elif time.monotonic() - self.reload_began > self.BOOT_TIMEOUT:
            self._give_up_reload(f"the new workers did not serve within {self.BOOT_TIMEOUT:g} s")

    def _give_up_reload(self, why: str) -> None:
        self.log.error("reload given up: %s; the old workers go on serving. Fix the deploy and send HUP again",
                       why)
        for pid in self.fresh & set(self.WORKERS):
            self.kill_worker(pid, signal.SIGQUIT)  # gunicorn's quick stop: still starting, nothing in flight
            self.leaving.add(pid)
        self.fresh.clear()
        self.stale.clear()

    def reap_workers(self):
        while True:
            before = dict(self.WORKERS)
            try:
                super().reap_workers()
                break
            except HaltServer:
                gone = {pid: w for pid, w in before.items() if pid not in self.WORKERS}
                serving = sum(self.serving(pid) for pid in self.WORKERS)
                if not serving:
                    raise  # nobody serves: stop, as gunicorn does
                for pid, worker in gone.items():
                    if getattr(getattr(worker.tmp, "_tmp", None), "closed", False):
                        continue  # reaped as usual
                    worker.tmp.close()  # the one that failed: gunicorn raised before its cleanup
                    self.cfg.child_exit(self, worker)
                    self.log.error("worker %s could not boot (does the code on disk load?); %d workers serving",
                                   pid, serving)
                if self.fresh & set(gone):
                    self._give_up_reload("a new worker could not boot")
                elif len(self.WORKERS) - len(self.leaving & set(self.WORKERS)) < self.num_workers:
                    self.hold_until = time.monotonic() + self.RETRY_AFTER
                    self.log.error("a replacement worker will be tried in %g s", self.RETRY_AFTER)
        for pid in set(self.birth) - set(self.WORKERS):
            del self.birth[pid]
