"""Command-line tests of what is kept: commands writing at once lose nothing, a save that did not
happen is never reported, and a database from a newer version is left as it was.
Runs the real tripboard binary (TRIPBOARD_BIN); prints 'N passed, N failed'."""
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, SCRATCH, environment, run_tests  # noqa: E402

WRITES = {"clock": ["12", "24"], "appearance": ["dark", "light"], "search.adults": ["2", "3"],
          "favourites.refresh_seconds": ["45", "60"], "busbud.token": ["token-a", "token-b"],
          "tfl.app_key": ["key-a", "key-b"]}


def folder():
    return tempfile.mkdtemp(prefix="tripboard-store-", dir=SCRATCH)


def start(data, *args, stdin=None):
    return subprocess.Popen([BIN, *args], env=environment(TRIPBOARD_DATA_DIR=data), text=True, stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def run(data, *args):
    return subprocess.run([BIN, *args], env=environment(TRIPBOARD_DATA_DIR=data), text=True,
                          capture_output=True, timeout=120)


def saved_settings(data):
    with sqlite3.connect(os.path.join(data, "tripboard.sqlite")) as db:
        return dict(db.execute("SELECT key, value FROM setting"))


def test_six_settings_set_at_once_lose_nothing():
    """Six `settings set` of different keys at once, and a read-only `deals` beside them, for
    several rounds, the first on a folder that does not exist yet: every one exits 0, none says it
    cannot save, and every value is kept."""
    data = os.path.join(folder(), "data")
    for round in range(4):
        wanted = {key: values[round % 2] for key, values in WRITES.items()}
        writers = [start(data, "settings", "set", key, value) for key, value in wanted.items()]
        reader = start(data, "deals", "--json")
        for (key, value), writer in zip(wanted.items(), writers):
            out, err = writer.communicate(timeout=120)
            assert writer.returncode == 0 and err == "", f"round {round}, {key}: {writer.returncode} {err!r}"
            assert out.startswith(f"{key} = "), out
        out, err = reader.communicate(timeout=120)
        assert reader.returncode == 0 and err == "", f"round {round}, deals beside the writers: {err!r}"
        plain = saved_settings(data)
        for key in ("clock", "appearance", "search.adults", "favourites.refresh_seconds"):
            assert plain.get(key) == wanted[key], (round, key, plain)
        shown = run(data, "settings", "--json")
        assert shown.returncode == 0, shown.stderr
        origins = {entry["key"]: entry["origin"] for entry in json.loads(shown.stdout)}
        assert origins["busbud.token"] == origins["tfl.app_key"] == "saved", origins
        with open(os.path.join(data, "credentials.json")) as file:
            credentials = json.load(file)
        assert credentials == {"busbud.token": wanted["busbud.token"], "tfl.app_key": wanted["tfl.app_key"]}, credentials


def test_an_unwritable_data_folder_is_never_reported_as_saved():
    """TRIPBOARD_DATA_DIR naming a plain file: `settings set` exits 1 with one line saying why and
    prints no value as kept; `settings` still reads (the defaults) and says nothing of saving."""
    blocked = os.path.join(folder(), "data")
    open(blocked, "w").write("a file, not a folder")
    result = run(blocked, "settings", "set", "clock", "24")
    assert result.returncode == 1, result.returncode
    assert result.stdout == "", result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tripboard: "), result.stderr
    assert f"cannot write in {blocked}" in lines[0] and lines[0].endswith("nothing was saved."), lines[0]
    token = run(blocked, "settings", "set", "busbud.token", "secret")
    assert token.returncode == 1 and token.stdout == "", (token.returncode, token.stdout)
    shown = run(blocked, "settings")
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    assert open(blocked).read() == "a file, not a folder"


def test_a_database_from_a_newer_version_is_left_untouched():
    """A database with a migration this version does not know: commands read it, `settings set`
    refuses with one line and exit 1, and the file's bytes stay as they were."""
    data = os.path.join(folder(), "data")
    assert run(data, "settings", "set", "clock", "12").returncode == 0
    database = os.path.join(data, "tripboard.sqlite")
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
    db.close()
    before = open(database, "rb").read()
    result = run(data, "settings", "set", "clock", "24")
    assert result.returncode == 1 and result.stdout == "", (result.returncode, result.stdout)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "newer version of Tripboard" in lines[0] and "nothing was saved" in lines[0], result.stderr
    shown = run(data, "settings", "--json")
    assert shown.returncode == 0, shown.stderr
    assert {entry["key"]: entry["value"] for entry in json.loads(shown.stdout)}["clock"] == "12", shown.stdout
    assert open(database, "rb").read() == before
    assert not [name for name in os.listdir(data) if ".unreadable-" in name]


def test_a_damaged_database_is_said_once_with_what_it_held():
    """A database that is not one: `favourites` says once, in one line, that the file was put
    aside and that favourites and settings are back to their defaults; the file is kept aside."""
    data = os.path.join(folder(), "data")
    os.makedirs(data)
    with open(os.path.join(data, "tripboard.sqlite"), "w") as file:
        file.write("not a database at all")
    result = run(data, "favourites")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "put that file aside as tripboard.sqlite.unreadable-" in lines[0], lines[0]
    assert "favourite stops and settings are back to their defaults" in lines[0], lines[0]
    assert data not in lines[0], "the file is named, not the whole path"
    aside = [name for name in os.listdir(data) if name.startswith("tripboard.sqlite.unreadable-")]
    assert len(aside) == 1 and open(os.path.join(data, aside[0])).read() == "not a database at all", aside
    again = run(data, "favourites")
    assert again.returncode == 0 and again.stderr == "", again.stderr


if __name__ == "__main__":
    sys.exit(run_tests(globals(), "cli store"))
