"""Play in a browser: a local web server for every title (``wargame serve``).

Built on the kernel's public interface only (decisions, legal actions, views, events and
``render.svg``), with no code for any one title. :mod:`.games` keeps matches, seats and bots;
:mod:`.seat` decides what one seat receives; :mod:`.odds` finds an attack's column before it is
made; :mod:`.app` is the HTTP layer and ``static/`` the page. Importing this package does not
import the web stack (Starlette, uvicorn): the command line imports :mod:`.app` only to serve.
"""
