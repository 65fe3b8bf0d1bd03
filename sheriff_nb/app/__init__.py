"""Serving: the ``sheriff-nb`` Voilà launcher and its processes, the kernel manager, the Voilà auth fix, the
chart cache and its warm-up, which :func:`sheriff_nb.app.chart_cache.install` plugs into the display seam
(:mod:`sheriff_nb.ui.display`) at start; the widgets never name this layer.
"""
