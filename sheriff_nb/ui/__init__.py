"""What a reader sees: translations (i18n), the chart builders (pure: data in, Altair chart out), the widgets,
and the display seam (:mod:`sheriff_nb.ui.display`): a small protocol into which the serving layer plugs its chart
cache at start; nothing here imports the serving layer.
"""
