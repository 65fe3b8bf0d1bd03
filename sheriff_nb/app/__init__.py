"""Serving: the ``sheriff-nb`` Voilà launcher and its processes, the kernel manager, the Voilà auth fix, the
chart cache and its warm-up.  Reached from the widgets only through :mod:`sheriff_nb.ui.display`.
"""
