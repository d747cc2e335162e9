def pytest_report_header():
    """Say at the top of a run whether the engine under test is compiled (mypyc) or Python."""
    from referee.engine import is_compiled
    return "engine: " + ("compiled with mypyc" if is_compiled() else "pure Python")
