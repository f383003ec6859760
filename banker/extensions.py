"""Flask extensions, created unbound and wired to the app in create_app."""

from flask_babel import Babel
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect

htmx = HTMX()
csrf = CSRFProtect()
babel = Babel()
