"""gunicorn's master with deploys in mind: a reload, a recycle or a broken deploy never leaves nobody serving.

gunicorn itself, on HUP, starts new workers and at once tells the old ones to
stop, recycles a worker (``--max-requests``) by letting it exit before its
replacement has loaded, and stops the whole server as soon as any worker fails
to boot. So a deploy whose code cannot load, followed by HUP or by recycling,
took the service down. `TilesArbiter` changes this:

- **HUP** starts the new workers beside the old ones and retires the old ones
  only once every new one is serving (it has entered its accept loop). If a new
  worker cannot boot (its code does not load, or it cannot draw its canary: worker.py),
  or they are not all serving after `boot_timeout`, the reload is given
  up: the new ones are stopped, the old ones go on serving, and the error is logged.
  A HUP while a reload is under way restarts it with the code on disk now (the last HUP wins).
  The signals a worker handles are blocked across the fork until its handlers are in place, so
  a new worker told to stop a moment after it was forked stops (it would otherwise serve on).
- **Recycling**: a worker past ``--max-requests`` asks to be replaced (`worker.TilesWorker`)
  and goes on serving; it is told to leave once its successor serves. If the
  successor cannot boot, the old worker stays and another is tried after `RETRY_AFTER`.
- **A worker that cannot boot while others serve** does not stop the master: it
  is logged, and a replacement is tried again after `RETRY_AFTER` seconds. Only
  when no worker serves (at start, say) does the master stop, as gunicorn does.
  A worker that has not served `boot_timeout` seconds after it was started counts as one that cannot boot.
- **Workers told to leave are gone within a bound**: SIGKILL after `QUIT_GRACE` (a quick
  stop) or the graceful timeout plus `QUIT_GRACE` (a graceful one). The worker count is
  kept whatever is leaving: a leaving worker holds no slot.
- **TERM drains** for `drain` seconds first: workers keep accepting while ``/healthz``
  answers 503, so a balancer stops sending before the listening socket closes.

A worker is serving once it has touched its heartbeat file (gunicorn's
``WorkerTmp``), which a worker first does in its accept loop.

>>> TilesArbiter.BOOT_TIMEOUT, TilesArbiter.RETRY_AFTER, TilesArbiter.QUIT_GRACE
(60.0, 5.0, 5.0)
"""

from __future__ import annotations

import os
import queue
import signal
import time

from gunicorn.arbiter import Arbiter
from gunicorn.errors import HaltServer

RETIRE_MARK = 0o100  # the owner-execute bit of a worker's heartbeat file: "replace me" (see worker.py)
# Why a worker that exits before serving could not boot, in its heartbeat file's mode (a mode change
# leaves the file's time, which says "serving", alone): its canary failed, or a package is missing.
CANARY_MARK = 0o010
MISSING_MARK = 0o001
DRAIN_SIGNAL = signal.SIGUSR2  # to a worker: the server is stopping, answer /healthz with 503
# Signals a worker has its own handlers for: blocked from just before its fork until they are
# installed (`worker.TilesWorker.init_signals`), so one sent meanwhile waits instead of reaching
# the master's handlers the child inherited (a lost QUIT: the worker served on and was killed).
WORKER_SIGNALS = frozenset(Arbiter.SIGNALS) | {signal.SIGABRT}


def wants_replacing(worker) -> bool:
    try:
        return bool(os.fstat(worker.tmp.fileno()).st_mode & RETIRE_MARK)
    except (OSError, ValueError):
        return False


def why_not_booted(worker) -> str:
    """What a worker that exited before serving told of its failure (worker.py marks its heartbeat file).

    >>> import tempfile
    >>> class Worker:
    ...     tmp = tempfile.TemporaryFile()
    >>> why_not_booted(Worker)
    'could not boot (does the code on disk load?)'
    >>> os.fchmod(Worker.tmp.fileno(), 0o600 | CANARY_MARK)
    >>> why_not_booted(Worker)[:49]
    'cannot draw its canary: the code on disk loads bu'
    """
    try:
        mode = os.fstat(worker.tmp.fileno()).st_mode
    except (OSError, ValueError):
        mode = 0
    if mode & CANARY_MARK:
        return "cannot draw its canary: the code on disk loads but does not draw (the worker's line says how)"
    if mode & MISSING_MARK:
        return "lacks a package: the install left it out (the worker's line names it)"
    return "could not boot (does the code on disk load?)"


class TilesArbiter(Arbiter):
    BOOT_TIMEOUT = 60.0  # seconds a new worker has to start serving
    RETRY_AFTER = 5.0    # seconds between attempts to replace a worker that could not boot
    QUIT_GRACE = 5.0     # seconds a worker told to leave has beyond its own limit, then SIGKILL
    DRAIN = 5.0          # seconds TERM keeps the workers accepting (health 503) before they stop

    def __init__(self, app):
        super().__init__(app)
        own = getattr(app, "tiles", {})
        self.boot_timeout = float(own.get("boot_timeout", self.BOOT_TIMEOUT))
        self.drain = float(own.get("drain", self.DRAIN))
        self.birth: dict[int, float] = {}   # pid -> heartbeat time when spawned
        self.born: dict[int, float] = {}    # pid -> monotonic time when spawned
        self.fresh: set[int] = set()        # a reload's new workers, not all serving yet
        self.stale: set[int] = set()        # the workers they replace
        self.successor: dict[int, int] = {}  # a recycled worker -> its replacement, not serving yet
        self.leaving: dict[int, float] = {}  # workers told to stop -> when to SIGKILL them (monotonic)
        self.reload_began = 0.0
        self.hold_until = 0.0               # no new worker before this (monotonic), after a failed boot
        self.halting = False                # stopping: a worker that cannot boot changes nothing

    def spawn_worker(self):
        unblocked = signal.pthread_sigmask(signal.SIG_BLOCK, WORKER_SIGNALS)
        try:
            pid = super().spawn_worker()  # returns in the master only
        finally:
            if os.getpid() == self.pid:  # not in the worker, leaving: its mask is its own
                signal.pthread_sigmask(signal.SIG_SETMASK, unblocked)
        self.birth[pid] = self.WORKERS[pid].tmp.last_update()
        self.born[pid] = time.monotonic()
        return pid

    def serving(self, pid: int) -> bool:
        worker = self.WORKERS.get(pid)
        try:
            return worker is not None and worker.tmp.last_update() != self.birth.get(pid)
        except (OSError, ValueError):
            return False

    def tell_to_leave(self, pid: int, graceful: bool) -> None:
        """SIGTERM (finish what you have) or SIGQUIT (now); SIGKILL if still there after the bound."""
        if pid not in self.WORKERS or pid in self.leaving:
            return
        bound = (self.cfg.graceful_timeout if graceful else 0) + self.QUIT_GRACE
        self.leaving[pid] = time.monotonic() + bound
        self.kill_worker(pid, signal.SIGTERM if graceful else signal.SIGQUIT)

    def _retire(self, pids) -> None:
        """Stop workers not wanted: gracefully if they serve, at once if still starting."""
        for pid in pids:
            self.tell_to_leave(pid, graceful=self.serving(pid))

    def handle_hup(self):
        """New workers (running the code on disk: see `serve.fresh_code`) beside the old ones."""
        self.log.info("Hang up: %s", self.master_name)
        self.log.reopen_files()
        if self.fresh:
            self.log.info("reload: restarted for the code on disk now; the new workers of the previous HUP are stopped")
            self._retire(self.fresh)
            self.fresh.clear()
        else:
            self.stale = self.current()
        self._retire(self.successor.values())  # the reload replaces those workers anyway
        self.successor.clear()
        self.reload_began = time.monotonic()
        for _ in range(self.num_workers):
            self.fresh.add(self.spawn_worker())

    def current(self) -> set[int]:
        """The workers holding a slot: not leaving, not yet-to-serve newcomers."""
        pending = self.fresh | set(self.successor.values())
        return {pid for pid in self.WORKERS if pid not in self.leaving and pid not in pending}

    def manage_workers(self):
        now = time.monotonic()
        for pid in [p for p in self.leaving if p not in self.WORKERS]:
            del self.leaving[pid]
        for pid, deadline in list(self.leaving.items()):
            if now > deadline:
                self.log.error("worker %s was told to leave and is still there: SIGKILL", pid)
                self.kill_worker(pid, signal.SIGKILL)
                self.leaving[pid] = float("inf")
        if self.fresh:
            self._settle_reload()
        self._settle_recycling()
        self._stop_hung_boots(now)
        current = self.current()
        if len(current) < self.num_workers and now >= self.hold_until:
            for _ in range(self.num_workers - len(current)):
                self.spawn_worker()
        elif len(current) > self.num_workers and not self.fresh:  # TTOU
            for pid in sorted(current, key=lambda p: self.WORKERS[p].age)[:len(current) - self.num_workers]:
                self.tell_to_leave(pid, graceful=True)

    def _stop_hung_boots(self, now: float) -> None:
        """A worker not serving `boot_timeout` after it started (stuck in its imports, say) is killed."""
        if self.fresh:
            return  # a reload's workers: `_settle_reload` gives them up
        for pid in list(self.WORKERS):
            if pid in self.leaving or self.serving(pid) or now - self.born.get(pid, now) <= self.boot_timeout:
                continue
            self.log.error("worker %s did not serve within %g s of starting (does the code on disk load?): "
                           "SIGKILL; another will be tried in %g s", pid, self.boot_timeout, self.RETRY_AFTER)
            self.kill_worker(pid, signal.SIGKILL)
            self.leaving[pid] = float("inf")
            self.hold_until = now + self.RETRY_AFTER
            for old, new in list(self.successor.items()):
                if new == pid:
                    del self.successor[old]

    def _settle_recycling(self) -> None:
        """Workers due for recycling get a successor; they leave once it serves."""
        for old, new in list(self.successor.items()):
            if old not in self.WORKERS or new not in self.WORKERS:
                del self.successor[old]  # the old one died (replaced as usual) or the new one failed
                if old not in self.WORKERS:
                    continue  # the successor now simply holds the slot
            elif self.serving(new):
                self.log.info("recycling: worker %s serving; worker %s finishes its requests and exits", new, old)
                self.tell_to_leave(old, graceful=True)
                del self.successor[old]
        if self.fresh or time.monotonic() < self.hold_until:
            return
        for pid in sorted(self.current()):
            if pid not in self.successor and pid not in self.stale and wants_replacing(self.WORKERS[pid]):
                self.successor[pid] = self.spawn_worker()

    def _settle_reload(self) -> None:
        if not self.fresh <= set(self.WORKERS):
            self._give_up_reload("a new worker exited before it served")
        elif all(self.serving(pid) for pid in self.fresh):
            old = sorted(self.stale & set(self.WORKERS))
            self.log.info("reload: %d new workers serving; %d old ones finish their requests and exit",
                          len(self.fresh), len(old))
            for pid in old:
                self.tell_to_leave(pid, graceful=True)
            self.fresh.clear()
            self.stale.clear()
        elif time.monotonic() - self.reload_began > self.boot_timeout:
            self._give_up_reload(f"the new workers did not serve within {self.boot_timeout:g} s")

    def _give_up_reload(self, why: str) -> None:
        self.log.error("reload given up: %s; the old workers go on serving. Fix the deploy and send HUP again",
                       why)
        self._retire(self.fresh & set(self.WORKERS))  # one may serve already (another failed): gracefully
        self.fresh.clear()
        self.stale.clear()

    def halt(self, reason=None, exit_status=0):
        """gunicorn's halt, which stops the workers; one that fails to boot meanwhile
        (`reap_workers`) no longer raises out of it, so the master exits with `exit_status`."""
        self.halting = True
        super().halt(reason, exit_status)

    def handle_term(self):
        """Graceful stop, after a drain: workers keep accepting while /healthz says 503."""
        if self.drain > 0 and self.WORKERS:
            self.log.info("draining for %g s: /healthz answers 503, requests are still served", self.drain)
            self.kill_workers(DRAIN_SIGNAL)
            deadline = time.monotonic() + self.drain
            while time.monotonic() < deadline:
                try:
                    sig = self.SIG_QUEUE.get(timeout=0.1)
                except queue.Empty:
                    continue
                if sig in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
                    self.SIG_QUEUE.put_nowait(sig)  # stop now: gunicorn's stop reads INT/QUIT as quick
                    break
                self.reap_workers()
        raise StopIteration

    def reap_workers(self):
        while True:
            before = dict(self.WORKERS)
            try:
                super().reap_workers()
                break
            except HaltServer:
                gone = {pid: w for pid, w in before.items() if pid not in self.WORKERS}
                failed = [pid for pid, worker in gone.items()
                          if not getattr(getattr(worker.tmp, "_tmp", None), "closed", False)]
                why = {pid: why_not_booted(gone[pid]) for pid in failed}
                for pid in failed:  # gunicorn raised before its cleanup of the one that failed
                    gone[pid].tmp.close()
                    self.cfg.child_exit(self, gone[pid])
                if self.halting:
                    continue  # stopping already (another could not boot): reap the rest
                serving = sum(self.serving(pid) for pid in self.WORKERS)
                if not serving:  # nobody serves: stop, as gunicorn does
                    self.log.error("worker %s %s and no worker serves: the master stops, exit code %d",
                                   failed[0], why[failed[0]], self.WORKER_BOOT_ERROR)
                    raise
                for pid in failed:
                    self.log.error("worker %s %s; %d workers serving", pid, why[pid], serving)
                if newcomers := [pid for pid in failed if pid in self.fresh]:  # "cannot draw its canary", say
                    self._give_up_reload("a new worker " + why[newcomers[0]].partition(" (")[0].partition(":")[0])
                elif self.fresh & set(gone):
                    self._give_up_reload("a new worker could not boot")
                else:
                    for old, new in list(self.successor.items()):
                        if new in gone:
                            del self.successor[old]
                            self.log.error("worker %s is due for recycling but stays: its successor %s", old,
                                           why.get(new, "could not boot"))
                    self.hold_until = time.monotonic() + self.RETRY_AFTER
                    self.log.error("a replacement worker will be tried in %g s", self.RETRY_AFTER)
        for pid in set(self.birth) - set(self.WORKERS):
            del self.birth[pid]
            self.born.pop(pid, None)
