"""What the benchmarks read of the service's processes from /proc (Linux): the gunicorn
workers' CPU (bench/service.py, bench/live.py, bench/event_waits.py) and the PostgreSQL
backends' (bench/service.py)."""
import os


def _processes():
    """(pid, ppid, CPU ticks: user + system) of every process, as /proc has them."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        yield int(entry), int(fields[1]), int(fields[11]) + int(fields[12])


def _title(pid):
    """A process's command line (its title, for a PostgreSQL backend) as words."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().decode("utf-8", "replace").split()
    except OSError:
        return []


def workers_cpu_seconds(master_pid):
    """User and system CPU time of the gunicorn master's worker processes (Linux)."""
    ticks = sum(cpu for _pid, ppid, cpu in _processes() if ppid == master_pid)
    return ticks / os.sysconf("SC_CLK_TCK")


def _backend_of(title, database):
    """Whether a process title is a PostgreSQL backend connected to `database`:
    "postgres: [cluster:] user database host ..." (the WAL writer, checkpointer and the
    other shared processes name no database)."""
    if title[:1] != ["postgres:"]:
        return False
    words = title[2:] if len(title) > 1 and title[1].endswith(":") else title[1:]
    return len(words) >= 2 and words[1] == database


def database_cpu_seconds(database):
    """User and system CPU time of the PostgreSQL backends connected to `database` on
    this machine; 0 without a database (SQLite runs inside the workers)."""
    if not database:
        return 0.0
    ticks = sum(cpu for pid, _ppid, cpu in _processes() if _backend_of(_title(pid), database))
    return ticks / os.sysconf("SC_CLK_TCK")
