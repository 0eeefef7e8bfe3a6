"""Shared test settings.

These machines are shared and noisy: no Hypothesis example may fail for being
slow (speed is measured in bench/, not here).
"""

from hypothesis import settings

settings.register_profile("tiles", deadline=None, print_blob=True)
settings.load_profile("tiles")
