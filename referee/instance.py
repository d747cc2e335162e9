"""The directory the processes of one instance share, and what both gunicorn
configurations (referee/api/gunicorn_conf.py and gunicorn_wait_conf.py) do alike. Only
os and tempfile at the top: a configuration imports it before anything imports
prometheus_client."""
import os
import shutil
import tempfile


def instance_directory(prefix):
    """A private directory, made before the app is built and the workers fork, on
    /dev/shm when there is one (nothing in it is worth keeping past a restart), for
    what the environment does not already name:
    - without Redis, the file the workers count rate limits in (each counting in its
      own memory let a limit of 120 pass 240 moves through two workers, issue 25);
    - prometheus_client's multiprocess files (referee/metrics.py), so /metrics answers
      every worker's sum.
    None when the environment names both (a server started beside another, sharing its)."""
    limits_named = bool(os.environ.get("REDIS_URL") or os.environ.get("RATE_LIMIT_FILE"))
    if limits_named and os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return None
    shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    directory = tempfile.mkdtemp(prefix=prefix, dir=shm)
    if not limits_named:
        os.environ["RATE_LIMIT_FILE"] = os.path.join(directory, "limits.db")
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.makedirs(os.path.join(directory, "metrics"))
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = os.path.join(directory, "metrics")
    return directory


def remove_instance_directory(directory):
    if directory:
        shutil.rmtree(directory, ignore_errors=True)


def exit_hooks(directory):
    """gunicorn's (child_exit, on_exit) for an instance made by instance_directory: a
    worker's metrics are marked gone when it exits, the directory removed with the
    master."""
    def child_exit(server, worker):
        from referee.metrics import worker_exited

        worker_exited(worker.pid)

    def on_exit(server):
        remove_instance_directory(directory)
    return child_exit, on_exit


def logs():
    """(accesslog, errorlog, loglevel) of both servers: an access log only when
    ACCESS_LOG names one, errors on stderr, LOG_LEVEL (info)."""
    return os.environ.get("ACCESS_LOG") or None, "-", os.environ.get("LOG_LEVEL", "info")
