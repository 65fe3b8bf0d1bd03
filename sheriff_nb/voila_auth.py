"""Let a closed dashboard page stop its kernel: Voilà's identity provider, plus the ``_xsrf`` cookie.

When a visitor closes a dashboard, Voilà's page sends ``POST /voila/api/shutdown/<kernel>`` with
``navigator.sendBeacon``, carrying the ``_xsrf`` cookie's value.  Voilà 0.5.13 sets that cookie only on its tree
page, not on a notebook page opened directly (a Binder or bookmarked link, with or without preheat), so the
shutdown is refused (``403 ... '_xsrf' argument missing from POST``, voila-dashboards/voila#1458) and the kernel
lives on until culled.  :class:`XsrfCookieIdentityProvider` reads the XSRF token on every page GET, which makes
tornado set the cookie; the XSRF check itself stays on (a POST without the matching value is still refused).

``sheriff-nb`` passes ``--Voila.identity_provider_class=sheriff_nb.voila_auth.XsrfCookieIdentityProvider``;
``voila.json`` sets the same for a plain ``voila notebooks/`` run from the repository.
"""

from __future__ import annotations

from jupyter_server.auth.identity import PasswordIdentityProvider

__all__ = ["XsrfCookieIdentityProvider"]


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voilà's default identity provider, which also makes every page GET set the ``_xsrf`` cookie."""

    async def get_user(self, handler):
        user = await super().get_user(handler)
        request = handler.request
        if request.method == "GET" and "upgrade" not in request.headers.get("Connection", "").lower():
            handler.current_user = user  # tornado's xsrf_token reads current_user
            handler.xsrf_token  # noqa: B018 - reading it sets the cookie when the browser has none
        return user
