"""Writing output files safely.

A crash, a full disk, Ctrl-C or SIGTERM halfway through must never leave a
truncated record, export or page where a good one stood, nor a stray
temporary file: we write a temporary file in the same directory and rename
it over the target, which POSIX makes atomic, and remove the temporary file
on any exception (the command line turns SIGTERM into one).

The target is what the user meant, not what the path literally is: a
symlink is followed, so the file it points to is replaced and the link
stays; a character device or a pipe (``/dev/null``, ``/dev/stdout``) is
written to directly, since it cannot be replaced; anything else that is not
a regular file (a directory, a block device) is refused. Two processes
writing the same file at once would lose one's work silently, so the second
is refused while the first holds the target's lock.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import secrets
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .errors import WararchiveError


class OutputError(WararchiveError):
    """An output path that cannot be written: the message names it and why."""


class BusyError(OutputError):
    """Another process holds the output's lock: it is writing the same file now."""


_pending: set[Path] = set()
"""Temporary and lock files this process made and has not removed yet."""


@atexit.register
def remove_pending() -> None:
    """Last resort at exit: a file whose own cleanup a signal interrupted is removed here."""
    for path in list(_pending):
        path.unlink(missing_ok=True)


@contextlib.contextmanager
def atomic_open(path: str | Path, binary: bool = False) -> Iterator[IO]:
    """A file handle whose content replaces ``path`` only if the block ends without an exception.

    Lets a long writer (``simulate``) stream its output instead of holding
    it all in memory, with the same guarantees as :func:`atomic_write_bytes`.
    """
    target = _target(path)
    if target.exists() and not target.is_file():  # _target lets through only a character device or a pipe
        with _guard(path), target.open("wb" if binary else "w", **_text(binary)) as fh:
            yield fh
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: cannot create its directory ({exc.strerror})") from None
    with _guard(path), _locked(target):
        # Named and registered before it exists: a signal between creating the file and the
        # ``try`` below would otherwise leave it behind (mkstemp returns the name only after).
        tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        _pending.add(tmp)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb" if binary else "w", **_text(binary)) as fh:
                yield fh
            os.chmod(tmp, _mode(target))
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        finally:
            _pending.discard(tmp)


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; create parent directories; return the path written."""
    with atomic_open(path, binary=True) as fh:
        fh.write(data)
    return Path(path)


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` as UTF-8 to ``path`` atomically."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def write_if_changed(path: str | Path, data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8) atomically unless ``path`` already holds it; returns the path.

    A file left alone keeps its modification time, and Sphinx re-reads a
    page, or copies a download, whose file is newer than its last build: a
    build that rewrote unchanged files would redo that work, and an atomic
    write is dearer than a read.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if not Path(path).is_file() or Path(path).read_bytes() != raw:  # never read a device (/dev/zero has no end)
        atomic_write_bytes(path, raw)
    return Path(path)


def write_generated(path: str | Path, data: str | bytes) -> Path:
    """:func:`write_if_changed` for a file generated from the sources (a site page, a download, a cache entry); returns the path.

    Two builds of the same sources write the same bytes to it, so the one
    that finds it being written by the other leaves it to that writer (whose
    write is atomic) instead of failing, as the site's cache entries do: the
    test suite builds the site in more than one process at once.
    """
    try:
        return write_if_changed(path, data)
    except BusyError:
        return Path(path)


def _text(binary: bool) -> dict[str, str]:
    return {} if binary else {"encoding": "utf-8"}


def output_target(path: str | Path) -> Path:
    """The file a write to ``path`` really replaces; a target that cannot be written is refused.

    Commands call it before doing their work, so a bad ``--out`` fails at
    once rather than after a long simulation: besides what every write
    checks, a file is tried in the target's directory (or the nearest
    existing one above it), since only trying tells (see :func:`_probe`).
    """
    target = _target(path)
    if not (target.exists() and not target.is_file()):  # a device or a pipe is opened, not made
        _probe(target.parent, f"cannot write {path}")
    return target


def _target(path: str | Path) -> Path:
    """:func:`output_target` less the trial write, which every write would otherwise repeat."""
    if str(path) == "":
        raise OutputError("an output path is empty")
    with contextlib.suppress(OSError):
        if stat.S_ISCHR(mode := os.stat(named_path(path)).st_mode) or stat.S_ISFIFO(mode):
            # Opened as named: /dev/stdout into a pipe resolves to "pipe:[…]", a name no open() finds.
            return Path(path)
    target = Path(os.path.realpath(named_path(path)))  # through every symlink, so the link is kept and its file replaced
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:  # e.g. a path under a regular file: "Not a directory"
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    if mode is None and not target.parent.is_dir():
        _no_dangling_link(path, f"cannot write {path}")
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            return target
        what = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise OutputError(f"cannot write {path}: it is {what}")
    return target


def named_path(path: str | Path) -> Path:
    """``path`` as a Path; a NUL byte, which no file name can hold (Python raises ValueError), is refused."""
    if "\0" in str(path):
        raise WararchiveError(f"{str(path)!r}: a file name cannot contain a NUL byte")
    return Path(path)


def output_directory(path: str | Path) -> Path:
    """``path`` as a directory to write files into; an empty path or a non-directory is refused."""
    if str(path) == "":
        raise OutputError("an output directory is empty (use . for the current one)")
    directory = Path(os.path.realpath(named_path(path)))
    try:
        mode = directory.stat().st_mode
    except FileNotFoundError:  # made when the first file is written: it must be possible then
        _no_dangling_link(path, f"cannot write into {path}")
        _probe(directory, f"cannot write into {path}")
        return directory
    except OSError as exc:  # a name too long, a path under a regular file
        raise OutputError(f"cannot write into {path}: {exc.strerror}") from None
    if not stat.S_ISDIR(mode):
        what = "a file, not a directory" if stat.S_ISREG(mode) else "not a directory"
        raise OutputError(f"cannot write into {path}: it is {what}")
    return directory


def _probe(directory: Path, refusal: str) -> None:
    """Refuse a directory that cannot take new entries: make and remove one in it, or in its nearest existing ancestor.

    Commands check their output before long work (a study's games); only
    trying tells, since a root process passes every permission check and
    ``/proc`` refuses new entries whatever the modes say. ``refusal`` opens
    the message.
    """
    ancestor = directory
    while not ancestor.exists():
        ancestor = ancestor.parent
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".wararchive-probe-", dir=ancestor))
    except OSError as exc:
        raise OutputError(f"{refusal}: cannot create it in {ancestor} ({exc.strerror})") from None


def _no_dangling_link(path: str | Path, refusal: str) -> None:
    """Refuse to make the missing directories of ``path`` where a symlink on it names nothing.

    Followed, such a link would have its missing directories made wherever
    it points: a stale or mistyped link must not grow a tree elsewhere on
    disk. A link to a file not yet there, in a directory that is, is still
    written through (only the file is made). ``refusal`` opens the message.
    """
    parts = Path(path).parts
    for i in range(1, len(parts) + 1):
        link = Path(*parts[:i])
        if link.is_symlink() and not link.exists():
            raise OutputError(f"{refusal}: {link} is a symlink to {os.readlink(link)}, which does not exist")


@contextlib.contextmanager
def _guard(path: str | Path) -> Iterator[None]:
    """Turn an operating-system failure while writing (disk full, permission) into one line."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _locked(target: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``target`` for the write; refuse if another process holds it.

    The lock is a hidden file beside the target, removed afterwards. A
    process that opened it just before its removal would lock a file no
    longer at that path, so after locking we check that the path still names
    the file we locked, and otherwise try again.
    """
    lock_path = target.parent / f".{target.name}.lock"
    while True:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BusyError(f"{target} is being written by another process; try again when it has finished") from None
        try:
            same = os.stat(lock_path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    _pending.add(lock_path)
    try:
        yield
    finally:
        lock_path.unlink(missing_ok=True)
        _pending.discard(lock_path)
        os.close(fd)


def _mode(target: Path) -> int:
    """The mode a plain ``open(target, "w")`` would leave: an existing file's own (a private 0600 file stays
    private), else 0666 less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without setting it where Linux allows (setting it races other threads)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0)
    os.umask(mask)
    return mask
