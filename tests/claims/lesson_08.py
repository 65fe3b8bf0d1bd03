"""Numbers stated by ``08_inspection_odds``."""

from sheriff_nb import analysis as an

from . import Claim

APPLES_PEPPER = ["apples", "apples", "pepper", "pepper"]


def _alan():
    e = an.inspection_game(APPLES_PEPPER, "apples").equilibrium()
    return e.p_inspect, e.merchant_value, f"{float(e.merchant_value):.2f}"


CLAIMS = [
    Claim("08_inspection_odds", "Alan expects (1 − {0}) × 8 + {0} × 16 = {1} ≈ {2}", _alan,
          note="the merchant's equilibrium value of 2 Apples + 2 Pepper as 4 Apples"),
]
