"""How the window looks, measured from its rendered pixels: text that reads against what is behind it."""
import os
import re
import subprocess
import tempfile

from harness import *
from test_favourites import seed
from test_settings import choose, settings_page


def luminance(rgb):
    """WCAG 2's relative luminance of an sRGB colour."""
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rendered_contrast(label, window):
    """The contrast of `label`'s text with its background, as painted: of the colours in the
    label's box on a capture of the window, the commonest is the background, and the text is the
    one (covering a few pixels at least, so not an edge's blend) that stands out from it most."""
    histogram = subprocess.run(["convert", capture_of(label, window), "-format", "%c", "histogram:info:-"],
                               capture_output=True, text=True, check=True).stdout
    colours = sorted(((int(count), tuple(int(v) for v in rgb.split(",")[:3]))
                      for count, rgb in re.findall(r"^\s*(\d+): \(([\d,]+)\)", histogram, re.M)), reverse=True)
    background = colours[0][1]
    return max(contrast(rgb, background) for count, rgb in colours if count >= 4)


def label_starting(node, pattern):
    """The first label on screen in `node` whose text starts with `pattern` (a regular expression)."""
    return wait_for(f"a label starting “{pattern}”",
                    lambda: next((label for label in find_all(node, "label")
                                  if re.match(pattern, label.name)
                                  and label.getState().contains(pyatspi.STATE_VISIBLE)), None))


def test_text_reads_at_4_5_to_1_in_light_and_dark():
    """Prices, captions, arrival minutes, a service's disruption (a warning) and a refused value (an
    error) read at 4.5:1 or more against their background, in the light style and the dark."""
    measured = {}
    for appearance in ("light", "dark"):
        home = tempfile.mkdtemp(prefix="tripboard-e2e-")
        subprocess.run([BIN, "settings", "set", "appearance", appearance],
                       env=environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data")), check=True, capture_output=True)
        seed(home, [("1001", "Federation Square & Swanston St", None, ["1", "16"])], provider="tramTracker")
        app = App(home=home, TRIPBOARD_NOW="2026-11-23T09:00:00Z")
        try:
            wait_for("the deals", lambda: len(app.deal_rows()) >= 5)
            measured[f"{appearance} price"] = rendered_contrast(label_starting(app.window, "from "), app.window)
            measured[f"{appearance} caption"] = rendered_contrast(label_starting(app.window, "21 destinations"), app.window)
            app.select("Favourites")
            measured[f"{appearance} arrival minutes"] = rendered_contrast(label_starting(app.window, r"\d+:\d\d "), app.window)
            measured[f"{appearance} disruption"] = rendered_contrast(label_starting(app.window, "Disruption: "), app.window)
            page = settings_page(app)
            choose(page, "Deals source", 1)  # refused: no address yet, said beside the field in error colour
            measured[f"{appearance} refusal"] = rendered_contrast(label_starting(page, "Live deals need"), app.window)
        finally:
            app.close()
    print("    contrast:", ", ".join(f"{what} {ratio:.2f}:1" for what, ratio in measured.items()))
    low = {what: round(ratio, 2) for what, ratio in measured.items() if ratio < 4.5}
    assert not low, f"below 4.5:1: {low} (all: { {k: round(v, 2) for k, v in measured.items()} })"
