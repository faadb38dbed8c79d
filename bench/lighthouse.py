"""Lighthouse 12 (mobile) on a page: the four scores. Run through npx (Node 20)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile

from bench.visits import ARGS, CHROMIUM

VERSION = "12.2.3"  # 13 needs Node 22
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def scores(url: str) -> dict[str, int] | None:
    """The four scores (0-100), or None when Lighthouse cannot run here."""
    if shutil.which("npx") is None or CHROMIUM is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "report.json")
        flags = " ".join(["--headless=new", *ARGS])
        run = subprocess.run(
            ["npx", "--yes", f"lighthouse@{VERSION}", url, "--quiet", "--output=json",
             f"--output-path={report}", f"--chrome-flags={flags}",
             f"--only-categories={','.join(CATEGORIES)}"],
            env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
            timeout=300,
        )  # fmt: skip
        if run.returncode != 0 or not os.path.exists(report):
            return None
        with open(report) as file:
            data = json.load(file)
    return {c: round(100 * (data["categories"][c]["score"] or 0)) for c in CATEGORIES}
