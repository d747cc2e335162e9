"""gunicorn's gthread worker with the three bounds it lacks against idle and trickling
clients (issue 25; what they bought is bench/results.md entry 18):

- a cap on connections per client address (PER_ADDRESS_CONNECTIONS per worker): a
  connection past it is answered 429 with Retry-After and closed at once, by the
  worker's main loop, without a thread or a connection slot;
- a read deadline per request (READ_DEADLINE_SECONDS): its head and body must arrive
  within that, however slowly they trickle (gthread reads them in a thread, with no
  deadline at all);
- a new connection that sends nothing holds a thread FIRST_BYTE_SECONDS (gthread:
  5 s) before it waits in the poller, where it costs no thread, until `keepalive`.

Used as gunicorn's worker_class (gunicorn_conf.py). Behind a reverse proxy every
client has the proxy's address: the proxy must hold slow clients itself (nginx does:
docs/operations.md) and the cap is raised to its connection count or turned off
(PER_ADDRESS_CONNECTIONS=0).
"""
import errno
import time
from collections import Counter

from gunicorn.workers import gthread

FIRST_BYTE_SECONDS = 0.5
# gthread closes a connection "gracefully" on its main loop: it half-closes, then reads
# for up to 2 s until the client closes too. A client that never does (a trickler cut
# off by its deadline, or one that asked for Connection: close and then sat still) held
# the whole worker that long each: 50 at once stalled it past its 30 s timeout and the
# master killed it (measured). Here that linger reads what is there, at most this long.
LINGER_SECONDS = 0.01
_REFUSAL_BODY = (b'{"status": 429, "type": "/docs#problem-too-many-requests", '
                 b'"title": "Too many connections from this address"}')
REFUSAL = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/problem+json\r\n"
           b"Retry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
           % (len(_REFUSAL_BODY), _REFUSAL_BODY))


class DeadlineSocket:
    """A client socket whose reads of one request share one deadline, set when gthread
    starts on the request (it puts the socket in blocking mode to read it) and lifted
    at the first write of the answer (an answer's writes have bounds of their own)."""

    def __init__(self, sock, read_seconds, on_close):
        self._sock = sock
        self._read_seconds = read_seconds
        self._deadline = None
        self._on_close = on_close
        self._expired = False  # the read deadline passed: close at once, no linger
        self._closing = False

    def __getattr__(self, name):
        return getattr(self._sock, name)

    def fileno(self):
        return self._sock.fileno()

    def setblocking(self, flag):
        self._deadline = time.monotonic() + self._read_seconds if flag else None
        self._sock.setblocking(flag)

    def settimeout(self, value):
        """The app (an event stream's bounded writes) or gunicorn times the socket
        itself from now on: the read deadline no longer applies."""
        self._deadline = None
        if self._closing and (value is None or value > LINGER_SECONDS):
            value = LINGER_SECONDS
        self._sock.settimeout(value)

    def shutdown(self, how):
        if self._expired:  # gthread's graceful close then closes at once
            raise ConnectionResetError(errno.ECONNRESET, "the request's read deadline passed")
        self._closing = True
        self._sock.shutdown(how)

    def recv(self, size, *flags):
        if self._deadline is None:
            return self._sock.recv(size, *flags)
        left = self._deadline - time.monotonic()
        if left > 0:
            self._sock.settimeout(left)
            try:
                return self._sock.recv(size, *flags)
            except TimeoutError:
                pass
        self._expired = True
        # ECONNRESET: gthread drops the connection quietly (a debug line, no trace).
        raise ConnectionResetError(errno.ECONNRESET, "the request's read deadline passed")

    def _answering(self):
        if self._deadline is not None:
            self._deadline = None
            self._sock.settimeout(None)

    def send(self, data, *flags):
        self._answering()
        return self._sock.send(data, *flags)

    def sendall(self, data, *flags):
        self._answering()
        return self._sock.sendall(data, *flags)

    def sendfile(self, file, offset=0, count=None):
        self._answering()
        return self._sock.sendfile(file, offset, count)

    def close(self):
        on_close, self._on_close = self._on_close, None
        if on_close is not None:
            on_close()
        self._sock.close()


class GuardedThreadWorker(gthread.ThreadWorker):
    """gthread with a cap per client address, a read deadline per request and a short
    wait for a new connection's first byte (the module's docstring)."""

    # Set by gunicorn_conf.py from the environment (0: no cap).
    per_address_connections = 64
    read_deadline_seconds = 10.0

    def init_process(self):
        self._per_address = Counter()
        super().init_process()

    def accept(self, listener):
        try:
            client_sock, client_addr = listener.accept()
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        address = client_addr[0] if isinstance(client_addr, tuple) else str(client_addr)
        cap = self.per_address_connections
        if cap and self._per_address[address] >= cap:
            self._refuse(client_sock)
            return
        self._per_address[address] += 1
        self.nr_conns += 1
        client_sock.setblocking(True)
        sock = DeadlineSocket(client_sock, self.read_deadline_seconds,
                              lambda: self._closed(address))
        self.enqueue_req(gthread.TConn(self.cfg, sock, client_addr, listener.getsockname()))

    def _closed(self, address):
        self._per_address[address] -= 1
        if self._per_address[address] <= 0:
            del self._per_address[address]

    @staticmethod
    def _refuse(client_sock):
        try:
            client_sock.setblocking(False)
            client_sock.send(REFUSAL)  # fits any send buffer: never waits
        except OSError:
            pass
        client_sock.close()

    def handle(self, conn):
        if not conn.initialized and not conn.data_ready:
            if not conn.wait_for_data(FIRST_BYTE_SECONDS):
                return gthread._DEFER  # waits in the poller, without a thread
        return super().handle(conn)
