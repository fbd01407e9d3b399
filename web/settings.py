"""Checking the app's settings at start-up: each setting's type and range, from one table.

A setting comes from ``app.py``'s ``DEFAULTS``, a ``BOGGLE_*`` environment variable
(which Flask reads as JSON when it can, else as text) or the dict given to
``create_app``. A bad one must stop the app before it serves anything, with one line
naming the setting, the value and what is allowed: accepted as it was, a setting such
as ``SOLVE_BUDGET=abc`` would turn every request into a 500.

Each rule is a function from the value given to the value to use (``"900"`` becomes
``900``), raising SettingError with what is allowed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from games.db import DatabaseURLError, check_url, shown_url

#: A setting's rule: the value as given -> the value to use; SettingError if not allowed.
Rule = Callable[[Any], Any]


class SettingError(ValueError):
    """A setting whose value is not allowed; the message says what is."""


def whole_number(low: int, high: int, unit: str = "") -> Rule:
    """A rule: a whole number from ``low`` to ``high`` (typed as digits or as a number)."""
    allowed = f"a whole number{unit} from {low:,} to {high:,}"

    def check(value: Any) -> int:
        if isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SettingError(allowed)
        return value

    return check


def number(low: float, high: float, unit: str = "") -> Rule:
    """A rule: a number (of ``unit``) more than ``low`` and at most ``high``."""
    allowed = f"a number{unit} more than {low:g} and at most {high:g}"

    def check(value: Any) -> float:
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                raise SettingError(allowed) from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SettingError(allowed)
        if not low < value <= high:  # also refuses NaN, which compares false
            raise SettingError(allowed)
        return float(value)

    return check


def seconds(low: float, high: float) -> Rule:
    """A rule: a number of seconds more than ``low`` and at most ``high``."""
    return number(low, high, " of seconds")


def optional(rule: Rule) -> Rule:
    """A rule: nothing (None, empty text or ``none``), or what ``rule`` allows."""

    def check(value: Any) -> Any:
        if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
            return None
        try:
            return rule(value)
        except SettingError as error:
            raise SettingError(f"{error}, or none") from None

    if hasattr(rule, "shown"):
        check.shown = rule.shown  # type: ignore[attr-defined]
    return check


def name(value: Any) -> str:
    """A rule: a non-empty name."""
    if not isinstance(value, str) or not value.strip():
        raise SettingError("a non-empty name")
    return value.strip()


def names_or_text(value: Any) -> Any:
    """A rule: names separated by commas, or a list of names."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return list(value)
    raise SettingError("names separated by commas, or a list of names")


def wordlist_files(value: Any) -> Any:
    """A rule: ``name=path,name=path`` text, or a mapping of names to paths."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        return dict(value)
    raise SettingError("name=path pairs separated by commas, or a mapping of names to paths")


def optional_folder(value: Any) -> Any:
    """A rule: a folder path, or nothing for the default."""
    if value is None or value == "":
        return None
    if isinstance(value, str | os.PathLike):
        return value
    raise SettingError("a folder path")


def choice(choices: tuple[str, ...]) -> Rule:
    """A rule: one of ``choices``, in any case."""
    allowed = "one of " + ", ".join(repr(name) for name in choices)

    def check(value: Any) -> str:
        if not isinstance(value, str) or value.strip().lower() not in choices:
            raise SettingError(allowed)
        return value.strip().lower()

    return check


def secret(least: int) -> Rule:
    """A rule: text of at least ``least`` characters, never shown when refused."""
    allowed = f"text of {least} characters or more"

    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value.strip()) < least:
            raise SettingError(allowed)
        return value.strip()

    check.shown = lambda value: "(a secret, not shown)"  # type: ignore[attr-defined]
    return check


def database_url(value: Any) -> str | None:
    """A rule: an SQLite or PostgreSQL URL (checked, not connected to), or nothing for the
    default file. Shown without its password when refused."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise SettingError("a database URL")
    try:
        check_url(value.strip())
    except DatabaseURLError as error:
        raise SettingError(str(error)) from None
    return value.strip()


database_url.shown = shown_url  # type: ignore[attr-defined]


def check_settings(config: MutableMapping[str, Any], rules: Mapping[str, Rule]) -> None:
    """Check each setting that has a rule, in place; SettingError naming the first bad one."""
    for setting, rule in rules.items():
        value = config.get(setting)
        try:
            config[setting] = rule(value)
        except SettingError as error:
            # A rule may say how its value is shown: a database URL without its password.
            shown = getattr(rule, "shown", repr)(value)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise SettingError(
                f"setting {setting} (BOGGLE_{setting}) is {shown}; it must be {error}"
            ) from None
