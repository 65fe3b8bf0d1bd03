"""The game theory, exact (``fractions.Fraction``): values, the inspection game, bribes, odds, the bag table,
signals, safety, repeated play, learning, hands, the 2nd edition's analysis and the bridges to nashpy, Gambit and
OpenSpiel.  Imports the engine only; returns data (no widgets, no charts, no translations).
"""
