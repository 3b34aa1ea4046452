"""Owns `ruling serve`: a local web workbench over the same library calls as the CLI.

`api.py` turns JSON requests into those calls and their results into the JSON the CLI's
`--json` prints (`logic/report.py`); `app.py` is the Starlette application (routes, size
and time limits, headers); `static/` holds the page (plain HTML, CSS and JavaScript,
shipped inside the wheel: nothing is fetched from the network). Nothing here decides a
verdict.
"""
