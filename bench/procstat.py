"""What the benchmarks read of the gunicorn workers from /proc (Linux), shared by
bench/service.py and bench/live.py."""
import os


def workers_cpu_seconds(master_pid):
    """User and system CPU time of the gunicorn master's worker processes (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == master_pid:  # ppid
            total += int(fields[11]) + int(fields[12])  # utime + stime
    return total / ticks


def database_cpu_seconds(database):
    """User and system CPU time of the PostgreSQL backends connected to `database` on
    this machine (their process titles name it: "postgres: [cluster:] user database
    host ..."); the server's shared processes (WAL writer, checkpointer) are left out."""
    if not database:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                title = cmdline.read().decode("utf-8", "replace").split()
            if title[:1] != ["postgres:"]:
                continue
            words = title[2:] if len(title) > 1 and title[1].endswith(":") else title[1:]
            if len(words) < 2 or words[1] != database:
                continue
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks
