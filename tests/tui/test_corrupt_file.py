"""A game file that cannot be read: the app starts a fresh rubber, keeps the bad file aside and says so."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import WORKED_RUBBER, make_app, seed
from support.snapshot_apps.screen import Notes, hand_rows, status_text
from support.waiting import settle

from bridgepad.core.rules.game import Status

GARBAGE = b'{"schema": 1, "hands": [\x00\xff\xfe garbage, cut off here'


async def test_a_corrupt_current_game_is_kept_aside_and_a_fresh_rubber_starts(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:3])
    bad_id = (data_dir / "current").read_text().strip()
    bad = data_dir / "games" / f"{bad_id}.json"
    bad.write_bytes(GARBAGE)

    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), notifications=True, message_hook=notes) as pilot:
        await settle(pilot)
        st = app.session.state
        assert st.hands == () and st.status is Status.IN_PLAY
        new_id = app.session.stored.id
        assert new_id != bad_id
        assert not (data_dir / "games" / f"{new_id}.json").exists()  # written with its first change
        assert hand_rows(app) == []
        assert "Hand 1" in status_text(app)

        assert not bad.exists()
        kept = sorted((data_dir / "games").glob(f"{bad_id}.json.corrupt-*"))
        assert len(kept) == 1
        assert kept[0].read_bytes() == GARBAGE  # byte for byte

        said = [m for m in notes.texts if kept[0].name in m]
        assert len(said) == 1, notes.texts
        assert "could not be read" in said[0].lower() or "could not read" in said[0].lower()
        assert [n.severity for n in notes.said] == ["error"]
        assert len(app._notifications) == 1  # and it is on screen (for 30 s: time enough to read a path)

    # The next start finds a fresh rubber again (nothing was written for the last), and says nothing more.
    again = make_app(data_dir)
    quiet = Notes()
    async with again.run_test(size=(80, 24), notifications=True, message_hook=quiet) as pilot:
        await settle(pilot)
        assert again.session.state.hands == () and again.session.stored.id != bad_id
        assert quiet.texts == []
        assert len(list((data_dir / "games").glob("*.corrupt-*"))) == 1


async def test_an_empty_current_game_file_is_kept_aside_too(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:1])
    bad_id = (data_dir / "current").read_text().strip()
    (data_dir / "games" / f"{bad_id}.json").write_bytes(b"")
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), notifications=True, message_hook=notes) as pilot:
        await settle(pilot)
        assert app.session.state.hands == ()
        kept = list((data_dir / "games").glob(f"{bad_id}.json.corrupt-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == b""
        assert any(kept[0].name in m and "empty" in m for m in notes.texts)
