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
