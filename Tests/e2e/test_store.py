"""The window and terminal commands writing the same data folder at once: nothing is lost and
nothing claims a save that did not happen."""
import json
import os
import subprocess

from harness import BIN, App, environment, wait_for
from test_settings import choose, saved, settings_page, shown_choice


def test_the_window_and_commands_saving_at_once_lose_nothing():
    app = App()
    try:
        page = settings_page(app)
        env = environment(TRIPBOARD_DATA_DIR=os.path.join(app.home, "data"))
        # "Follow the system", "Light", "Dark": the window goes dark, light, then dark again.
        for round, (appearance, index) in enumerate([("dark", 2), ("light", 1), ("dark", 2)]):
            values = {"clock": "12" if round % 2 else "24", "search.adults": str(round + 2),
                      "busbud.token": f"token-{round}", "tfl.app_key": f"key-{round}",
                      "network.time_limit_seconds": str(20 + round)}
            commands = [subprocess.Popen([BIN, "settings", "set", key, value], env=env, text=True,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                        for key, value in values.items()]
            # The person changes Appearance while the commands write.
            choose(page, "Appearance", index)
            for (key, value), command in zip(values.items(), commands):
                out, err = command.communicate(timeout=60)
                assert command.returncode == 0, f"{key}: {err!r}"
                assert err == "", f"{key}: {err!r}"
                assert out.startswith(f"{key} = "), out
            wait_for(f"the window's Appearance ({appearance}) on disk",
                     lambda: saved(app)["appearance"]["value"] == appearance)
            kept = saved(app)
            with open(os.path.join(app.home, "data", "credentials.json")) as file:
                credentials = json.load(file)
            for key, value in values.items():
                if key in ("busbud.token", "tfl.app_key"):
                    assert kept[key]["origin"] == "saved" and credentials[key] == value, (key, credentials)
                else:
                    assert kept[key]["value"] == value, (key, kept[key])
            assert shown_choice(page, "Appearance") == [appearance.capitalize()], shown_choice(page, "Appearance")
        # The window never fell back to memory: no notice that changes will not last.
        assert "last only until you quit" not in " ".join(node.name for node in page.findChildren(lambda n: n.roleName == "label"))
    finally:
        app.close()
