"""gunicorn's settings for the fault harness's server: the app's own (gunicorn.conf.py: gevent
workers, header timeout, one request per connection, the graceful timeout), but for its start
hook, which checks that the app for the phone is made (a Python of its own that imports the whole
app: seconds of CPU, tens of them on a busy machine) before every start. The harness makes it
once, before each seed's first start (harness.py), and starts the server two or three times a
seed: a restart here is shorter than a deployed one by that check, and the server is down for
as long as the seed's plan says, not for as long as the check takes."""

import runpy
from pathlib import Path

_APP_SETTINGS = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))
globals().update(
    {
        name: value
        for name, value in _APP_SETTINGS.items()
        if not name.startswith("_") and name != "on_starting"
    }
)
