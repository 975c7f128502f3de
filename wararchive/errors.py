"""The project's exception hierarchy.

Every error a user can cause (a malformed corpus file, an unknown id, an
illegal move, a record that does not replay) is a :class:`WararchiveError`,
so the command line can print it as one readable line and exit non-zero
without a traceback, while genuine bugs still surface as tracebacks.
"""

from __future__ import annotations


class WararchiveError(Exception):
    """Base class of every error that is the user's input, not our bug."""


class CorpusError(WararchiveError):
    """A corpus file is malformed or inconsistent.

    The message always names the file, the line (when known) and the field,
    because the person fixing it is editing a text file by hand.
    """

    def __init__(self, file: str, line: int | None, field: str, problem: str):
        self.file, self.line, self.field, self.problem = file, line, field, problem
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


class UnknownIdError(WararchiveError, KeyError):
    """An id (text, passage, ruleset, option, concept) that does not exist."""

    def __init__(self, kind: str, value: object, choices: list[str] | None = None):
        self.kind, self.value, self.choices = kind, value, choices
        msg = f"unknown {kind} {value!r}"
        if choices:
            shown = ", ".join(choices[:12]) + (", …" if len(choices) > 12 else "")
            msg += f" (valid: {shown})"
        super().__init__(msg)

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return self.args[0]
