"""The seeded fault harness: phones entering at one table while the network, the server and the
players do their worst, and what must hold afterwards (``checks.py``). ``python -m tests.faults``
runs many seeds; ``tests/browser/test_faults.py`` a handful in CI."""
