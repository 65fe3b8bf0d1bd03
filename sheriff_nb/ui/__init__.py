"""What a reader sees: translations (i18n), the chart builders (pure: data in, Altair chart out), the widgets,
and the one display seam (:mod:`sheriff_nb.ui.display`) through which the serving layer is reached.
"""
