"""The tests mirror the package's layers (``tests/engine``, ``theory``, ``play``, ``ui``, ``app``); shared helpers
stay here, in ``tests/`` (``helpers.py``, ``claims/``), which pytest puts on ``sys.path`` for this conftest."""
