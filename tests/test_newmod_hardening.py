"""`new-mod` where the target is a link, the parent cannot be written or the disk is full: one line,
exit 2, and nothing half-written left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.cli.entry import main


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("error: "), captured.err
    return captured.err


def test_a_link_to_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "mine").symlink_to(tmp_path / "real")
    assert "is a link" in one_line_error(capsys, "new-mod", str(tmp_path / "mine"))
    assert list((tmp_path / "real").iterdir()) == []


def test_a_dangling_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine").symlink_to(tmp_path / "nowhere")
    assert "is a link" in one_line_error(capsys, "new-mod", str(tmp_path / "mine"))
    assert not (tmp_path / "nowhere").exists()


def only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_a_failed_copy_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    def full(self: Path, *a: object, **kw: object) -> int:  # the disk fills up as the mod is written
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(Path, "write_text", full)
    err = one_line_error(capsys, "new-mod", str(tmp_path / "mine"))
    assert f"cannot write the mod: {os.strerror(code)}" in err
    assert only(tmp_path) == []  # no half mod, no staging folder


def test_a_parent_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    def refuse(*a: object, **kw: object) -> str:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    err = one_line_error(capsys, "new-mod", str(tmp_path / "mine"))
    assert "Permission denied" in err
    assert only(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_parent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert "cannot write the mod" in one_line_error(capsys, "new-mod", str(ro / "mine"))
    finally:
        ro.chmod(0o700)


def test_the_mod_it_writes_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-mod", str(tmp_path / "mine")]) == 0
    assert main(["check-content", str(tmp_path / "mine")]) == 0
    assert only(tmp_path) == ["mine"]


def test_a_copy_that_fails_file_by_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    def partly(src: Path, dst: Path, **kw: object) -> None:
        Path(dst).mkdir()
        (Path(dst) / "mod.toml").write_text("half")
        raise shutil.Error([(str(src), str(dst), "[Errno 28] No space left on device")])

    monkeypatch.setattr(shutil, "copytree", partly)
    err = one_line_error(capsys, "new-mod", str(tmp_path / "mine"))
    assert "cannot write the mod: [Errno 28] No space left on device" in err
    assert only(tmp_path) == []
