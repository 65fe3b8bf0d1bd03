"""Playing games: the agent protocol and the play loop (human seats too), the characters and their habits,
simulation, and the class session's rules and store.  Imports the engine and the theory.
"""
