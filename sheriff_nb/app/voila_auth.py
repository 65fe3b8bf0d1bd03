"""Let a closed dashboard page stop its kernel: the ``_xsrf`` cookie, for standalone Voilà and for a Jupyter server.

When a visitor closes a dashboard, Voilà's page sends ``POST /voila/api/shutdown/<kernel>`` with
``navigator.sendBeacon``, carrying the ``_xsrf`` cookie's value.  Voilà 0.5.13 sets that cookie only on its tree
page, not on a notebook page opened directly (a Binder or bookmarked link, with or without preheat), so the
shutdown is refused (``403 ... '_xsrf' argument missing from POST``, voila-dashboards/voila#1458) and the kernel
lives on until culled: on Binder, one pass over the lessons left 26 kernels holding 4 GB.  Reading the XSRF token on
every page GET makes tornado set the cookie (:func:`set_xsrf_cookie`); the XSRF check itself stays on (a POST
without the matching value is still refused).

Two ways in, one per kind of server:

* standalone Voilà (``sheriff-nb``, ``voila notebooks/``): :class:`XsrfCookieIdentityProvider`, Voilà's own identity
  provider with the cookie (``--Voila.identity_provider_class=...``, also in ``voila.json``);
* a Jupyter server with Voilà's server extension (Binder, JupyterHub: ``/voila/render/...``): this module is a server
  extension (``ServerApp.jpserver_extensions`` in ``binder/jupyter_server_config.json``) that adds the cookie to
  whatever identity provider the server runs (a token on Binder, JupyterHub's own under JupyterHub, which replaces
  any configured ``identity_provider_class``).
"""

from __future__ import annotations

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider

__all__ = ["XsrfCookieIdentityProvider", "set_xsrf_cookie"]


def set_xsrf_cookie(handler, user) -> None:
    """On a page GET (not a websocket upgrade), make tornado set the ``_xsrf`` cookie if the browser has none."""
    request = handler.request
    if request.method == "GET" and "upgrade" not in request.headers.get("Connection", "").lower():
        handler.current_user = user  # tornado's xsrf_token reads current_user
        handler.xsrf_token  # noqa: B018 - reading it sets the cookie when the browser has none


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voilà's default identity provider, which also makes every page GET set the ``_xsrf`` cookie."""

    async def get_user(self, handler):
        user = await super().get_user(handler)
        set_xsrf_cookie(handler, user)
        return user


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "sheriff_nb.app.voila_auth"}]


def _load_jupyter_server_extension(server_app) -> None:
    """Wrap the running server's identity provider so that its page GETs set the ``_xsrf`` cookie too."""
    provider = server_app.identity_provider
    if getattr(provider, "_sets_xsrf_cookie", False):
        return
    authenticate = provider.get_user

    async def get_user(handler):
        user = await ensure_async(authenticate(handler))
        set_xsrf_cookie(handler, user)
        return user

    provider.get_user = get_user
    provider._sets_xsrf_cookie = True
    server_app.log.info("sheriff_nb: pages set the _xsrf cookie, so a closed dashboard stops its kernel")
