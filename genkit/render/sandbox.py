"""The sandbox for face templates: a content pack's templates are untrusted input.

jinja2's ``SandboxedEnvironment`` keeps a template away from Python's internals, but not from
running or growing without end.  (Reading files through links is kept out by the loader,
:class:`genkit.render.templates.PackLoader`.)  This module adds:

* :class:`LimitedEnvironment` gives every render a :class:`Budget` (see :class:`Limits`): time,
  text written, values built, ``range()`` length, loop iterations and integer digits.  Every long
  computation in a template passes through one of its hooks (operators, attribute and item
  access, calls, filters, loop iterations, output), and each hook checks the budget.  The few
  operations that can build a huge value in one step (``'a' * n``, ``9 ** n``, ``'%9999999s'``,
  ``center(n)``, ``replace``, ``join`` ...) are checked *before* they run, from their operands
  (:mod:`.sandbox_sizes` measures them); ``str.format`` runs in a formatter that measures each
  field, its width and precision included, before it builds it.
* Templates nested too deep for jinja2's parser or Python's compiler are refused when they are
  parsed (:mod:`.sandbox_compile`, which also writes the loop and output hooks into the code).

A pack's templates also share one clock for a whole command (:mod:`.pack_clock`).  A template that overspends raises :class:`Refused` (a jinja2
``SecurityError``); :func:`genkit.render.templates.render_template` reports it as a
``TemplateError`` naming the template and line.  No signals are used: renders may run in
worker threads, and the active budget is a context variable, so each thread has its own.
"""

from __future__ import annotations

import functools
import math
import re
import time
import types
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import SandboxedEnvironment, SandboxedFormatter
from markupsafe import EscapeFormatter, Markup

from ..model.yaml_safe import clip, current_limits
from .sandbox_compile import CodeGenerator, parse
from .sandbox_sizes import (CONTAINERS, DIGITS_PER_BIT, SEQUENCES, arg_weight, bound, is_int, length,
                           size_of)

# Budgets for one face (one render of a template).  Bering Land's faces, for scale: each renders
# in under 3 ms (compiling a template once takes up to 40 ms more), writes at most 10,000
# characters, builds at most 5,000 characters and list items and loops at most 53 times.  The
# limits leave a hundred times that or more, yet stop a runaway template within seconds and tens
# of megabytes.
TIME_LIMIT = 2.0  #: seconds per render, compiling included
OUTPUT_LIMIT = 1_000_000  #: characters written, text captured by macros and {% set %} included
VALUE_LIMIT = 2_000_000  #: characters and list items built by operators, filters and calls
RANGE_LIMIT = 10_000  #: items in one range(); nested loops multiply, so LOOP_LIMIT caps the total
LOOP_LIMIT = 100_000  #: for-loop iterations in one render, all loops together
DIGIT_LIMIT = 4_300  #: digits of an integer made by * or ** (Python prints no more by default)


@dataclass(frozen=True)
class Limits:
    """What one render of a template may spend (defaults: the module constants)."""

    seconds: float = TIME_LIMIT
    output: int = OUTPUT_LIMIT
    values: int = VALUE_LIMIT
    range: int = RANGE_LIMIT
    loops: int = LOOP_LIMIT
    digits: int = DIGIT_LIMIT


class Refused(SecurityError):
    """A template left its content pack or ran past one of its :class:`Limits`.  The message
    says which limit and how to fix the template."""


# --------------------------------------------------------------------------- budget

class Budget:
    """What one render has spent so far; every hook of :class:`LimitedEnvironment` checks it."""

    __slots__ = ("limits", "deadline", "pack_deadline", "written", "built", "loops")

    def __init__(self, limits: Limits, timed: bool = True, pack_left: float = math.inf) -> None:
        """``pack_left``: the seconds left of the time all the pack's templates may take
        (``genkit --limit template_seconds``), when it is shorter than a face's."""
        self.limits = limits
        now = time.monotonic()
        self.pack_deadline = now + pack_left if timed else math.inf
        self.deadline = min(now + limits.seconds if timed else math.inf, self.pack_deadline)
        self.written = self.built = self.loops = 0

    def tick(self) -> None:
        """Refuse once the render has run past its time limit, or the pack past its own."""
        if time.monotonic() <= self.deadline:
            return
        if self.deadline == self.pack_deadline:
            limits = current_limits()
            raise Refused(limits.exceeded("template_seconds", "the pack's templates took more than "
                                          f"{limits.template_seconds} s to render in all")
                          + "; look for faces that render slowly")
        raise Refused(f"took longer than {self.limits.seconds:g} s to render (the time "
                      "limit for one face); look for loops that run too long or nest too deep")

    def room(self) -> int:
        """How many more characters or items this render may build."""
        return self.limits.values - self.built

    def can_build(self, n: int, what: str) -> None:
        """Refuse an operation that would build ``n`` characters or items, before it runs."""
        if n > self.room():
            before = f" more, after {self.built:,}" if self.built else ""
            raise Refused(f"{what} could build {n:,}{before} characters or list items, past "
                          f"the {self.limits.values:,} one face may build in all; a face needs "
                          "far less: look for repeated text or lists, or huge numbers given as "
                          "widths or counts")

    def build(self, n: int, what: str) -> None:
        """Count ``n`` characters or items built."""
        self.can_build(n, what)
        self.built += n

    def write(self, n: int) -> None:
        """Count ``n`` characters of output."""
        self.written += n
        if self.written > self.limits.output:
            raise Refused(f"wrote more than {self.limits.output:,} characters (the output limit "
                          "for one face); a face needs far less: look for a loop that writes "
                          "too much")
        self.tick()

    def loop(self) -> None:
        """Count one loop iteration."""
        self.loops += 1
        if self.loops > self.limits.loops:
            raise Refused(f"its loops ran more than {self.limits.loops:,} times (the limit for "
                          "one face; nested loops multiply); loop over less")
        self.tick()

    def check_digits(self, digits: float, what: str) -> None:
        """Refuse an integer of about ``digits`` digits, before it is computed."""
        if digits > self.limits.digits:
            raise Refused(f"{what} would make a number of about {digits:,.0f} digits, past the "
                          f"{self.limits.digits:,} allowed; use smaller numbers")


_ACTIVE: ContextVar[Budget | None] = ContextVar("genkit_template_budget", default=None)


def current() -> Budget:
    """The budget of the render under way; outside a render (jinja2 folding constants while it
    compiles) a fresh untimed one, so the size checks still apply."""
    return _ACTIVE.get() or Budget(Limits(), timed=False)


@contextmanager
def budget(limits: Limits, pack_left: float = math.inf) -> Iterator[Budget]:
    """Give the renders inside the block (one face) a fresh budget (see :class:`Budget`)."""
    token = _ACTIVE.set(Budget(limits, pack_left=pack_left))
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


_NUMBER = re.compile(r"\d+")
_COUNTED_WIDTH = re.compile(r"\*")  # '%*d': a width taken from the values


def _format_bound(fmt: str, values: Any, limit: int) -> int:
    """:func:`bound` for ``fmt % values`` and the format filter: a number in the format string
    counts as a width, and so does a value where the format takes its width from the values.
    (``str.format`` measures each field itself: :class:`_Formatter`.)"""
    if isinstance(values, Mapping):
        values = tuple(values.values())
    elif not isinstance(values, tuple):
        values = (values,)
    weigh = arg_weight if _COUNTED_WIDTH.search(fmt) else size_of
    widest = max((int(d) if len(d) < 10 else 10 ** 10 for d in _NUMBER.findall(fmt)), default=0)
    return bound([len(fmt), widest, *(weigh(v, limit) for v in values)])


# --------------------------------------------------------------------------- operators

def _check_multiply(b: Budget, left: Any, right: Any) -> None:
    if is_int(left) and is_int(right):
        b.check_digits((left.bit_length() + right.bit_length()) * DIGITS_PER_BIT, "'*'")
    elif is_int(right) and isinstance(left, SEQUENCES):
        b.can_build(max(right, 0) * len(left), "'*'")
    elif is_int(left) and isinstance(right, SEQUENCES):
        b.can_build(max(left, 0) * len(right), "'*'")


def _check_power(b: Budget, left: Any, right: Any) -> None:
    if is_int(left) and is_int(right) and right > 0 and abs(left) > 1:
        b.check_digits(right * math.log10(abs(left)), "'**'")


def _check_add(b: Budget, left: Any, right: Any) -> None:
    if isinstance(left, SEQUENCES) and isinstance(right, SEQUENCES):
        b.can_build(len(left) + len(right), "'+'")


def _check_modulo(b: Budget, left: Any, right: Any) -> None:
    if isinstance(left, str):
        b.can_build(_format_bound(left, right, b.room()), "'%'")


_BINOP_CHECKS: dict[str, Callable[[Budget, Any, Any], None]] = {
    "*": _check_multiply, "**": _check_power, "+": _check_add, "%": _check_modulo}


# --------------------------------------------------------------------------- filters and output

# filters that only pick, count or reorder the items of their value; every other filter may
# write its value out as text (upper, replace, escape ... all start with str(value))
_ITEM_FILTERS = frozenset({
    "attr", "batch", "count", "d", "default", "dictsort", "first", "groupby", "items", "last",
    "length", "list", "map", "max", "min", "random", "reject", "rejectattr", "reverse",
    "select", "selectattr", "slice", "sort", "unique"})


def _filter_bound(items_only: bool, value: Any, args: Sequence, kwargs: Mapping,
                  room: int) -> int:
    """:func:`bound` for a filter: its value weighs its :func:`size_of` (its :func:`length`
    for filters that only handle its items), the arguments as in :func:`arg_weight`."""
    weight = length(value) if items_only else size_of(value, room)
    return bound([weight, *(arg_weight(a, room) for a in (*args, *kwargs.values()))])


def _sum_bound(value: Any, args: Sequence, kwargs: Mapping, room: int) -> int:
    """``sum(start=[])`` adds lists one by one, copying the total so far each time: it builds
    about (items) x (their size)."""
    start = kwargs.get("start", args[1] if len(args) > 1 else 0)
    if isinstance(start, SEQUENCES):
        return (1 + length(value)) * (1 + size_of(value, room))
    return _filter_bound(False, value, args, kwargs, room)


def _format_filter_bound(value: Any, args: Sequence, kwargs: Mapping, room: int) -> int:
    if isinstance(value, str):
        return _format_bound(value, kwargs or tuple(args), room)  # value % (kwargs or args)
    return _filter_bound(False, value, args, kwargs, room)


_FILTER_BOUNDS: dict[str, Callable[[Any, Sequence, Mapping, int], int]] = {
    "format": _format_filter_bound, "sum": _sum_bound}

# filters whose bound needs their items counted: an iterator (from map, select ...) is made a list
_LISTED_FILTERS = frozenset({"join", "sum"})


def _guard_filter(name: str, func: Callable) -> Callable:
    """``func`` (a jinja2 filter) with its operands checked before and its result counted after."""
    # a filter marked with pass_context & co. gets the context first, then its value
    skip = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0
    what = f"filter {name!r}"
    bound = _FILTER_BOUNDS.get(name, functools.partial(_filter_bound, name in _ITEM_FILTERS))
    listed = name in _LISTED_FILTERS

    @functools.wraps(func)  # keeps jinja_pass_arg
    def guarded(*args: Any, **kwargs: Any) -> Any:
        b = current()
        b.tick()
        value, rest = (args[skip], args[skip + 1:]) if len(args) > skip else (None, ())
        if listed and isinstance(value, Iterator):
            value = list(value)
            args = (*args[:skip], value, *rest)
        b.can_build(bound(value, rest, kwargs, b.room()), what)
        result = func(*args, **kwargs)
        b.build(length(result), what)
        return result

    return guarded


def _text(b: Budget, value: Any, what: str) -> str:
    """``str(value)``; a list is checked first, as its text can be far longer than the list."""
    if isinstance(value, CONTAINERS):
        b.can_build(size_of(value, b.room()), what)
    return str(value)


@jinja2.pass_eval_context  # a runtime argument: jinja2 then never folds output at compile time
def _finalize(eval_ctx: Any, value: Any) -> str:
    """Every ``{{ value }}`` a template writes, counted (inside macros and blocks too)."""
    b = current()
    text = _text(b, value, "writing a value")
    b.write(len(text))
    return text


def _range(*args: int) -> range:
    """``range`` of at most ``Limits.range`` items."""
    b = current()
    b.tick()
    r = range(*args)
    try:
        n = len(r)
    except OverflowError:  # more items than a C long can count
        n = abs(r.stop - r.start) // abs(r.step)
    if n > b.limits.range:
        raise Refused(f"range() of {n:,} items, past the {b.limits.range:,} allowed in one "
                      "range; loop over less")
    return r


# --------------------------------------------------------------------------- environment

# keyword arguments jinja2 adds to calls inside loops and blocks (not the template's operands)
_JINJA_KWARGS = frozenset({"_loop_vars", "_block_vars"})


class LimitedEnvironment(SandboxedEnvironment):
    """A ``SandboxedEnvironment`` whose every render spends a :class:`Budget`.

    ``helpers`` are genkit's own functions offered to templates: trusted to check their
    arguments and to run in time linear in their text, so only the clock is read after each.
    ``filters`` are added to jinja2's (all are checked)."""

    code_generator_class = CodeGenerator
    intercepted_binops = frozenset(_BINOP_CHECKS)

    def __init__(self, *, helpers: Mapping[str, Callable] | None = None,
                 filters: Mapping[str, Callable] | None = None, **options: Any) -> None:
        super().__init__(finalize=_finalize, **options)
        helpers = helpers or {}
        self.globals.update(helpers, range=_range)
        self.globals.pop("lipsum", None)  # lorem ipsum: megabytes from one small number
        self.filters.update(filters or {})
        self.filters = {name: _guard_filter(name, f) for name, f in self.filters.items()}
        self.helpers = tuple(helpers.values())

    def _parse(self, source: str, name: str | None, filename: str | None) -> Any:
        return parse(self, source, name, filename)

    def getattr(self, obj: Any, attribute: str) -> Any:
        current().tick()
        return _limited_format(self, super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        current().tick()
        return _limited_format(self, super().getitem(obj, argument))

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        b = current()
        b.tick()
        _BINOP_CHECKS[operator](b, left, right)
        result = self.binop_table[operator](left, right)
        if isinstance(result, SEQUENCES):
            b.build(len(result), f"{operator!r}")
        return result

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        # (jinja2's own spelling: template keyword arguments cannot clash with these names)
        b = current()
        b.tick()
        if isinstance(__obj, LoopContext) and args:  # the next level of a recursive loop
            args = (__self.count_loop(args[0]), *args[1:])
        if isinstance(__obj, (LoopContext, Macro)) or __obj is _range:
            return super().call(__context, __obj, *args, **kwargs)
        if any(__obj is f for f in __self.helpers):  # genkit's own: the clock is read after
            result = super().call(__context, __obj, *args, **kwargs)
            b.tick()
            return result
        if isinstance(__obj, _FormatMethod):  # measures each field as it builds it
            result = super().call(__context, __obj, *args, **kwargs)
            b.build(length(result), "str.format")
            return result
        what = f"calling {getattr(__obj, '__name__', type(__obj).__name__)!r}"
        b.can_build(_call_bound(b, __obj, args, kwargs), what)
        result = super().call(__context, __obj, *args, **kwargs)
        b.build(length(result), what)
        return result

    def count_loop(self, iterable: Iterable) -> Iterator:
        """``iterable``, counting each item against the loop limit."""
        b = current()
        for item in iterable:
            b.loop()
            yield item

    def concat_checked(self, values: Sequence) -> str:
        """The ``~`` operator."""
        b = current()
        b.tick()
        text = "".join([_text(b, v, "'~'") for v in values])
        b.build(len(text), "'~'")
        return text

    def write_text(self, n: int) -> None:
        """Count ``n`` characters of constant template text written."""
        current().write(n)


def _call_bound(b: Budget, obj: Any, args: Sequence, kwargs: Mapping) -> int:
    """:func:`bound` for a call: a method's object (``'-'`` in ``'-'.join(...)``) weighs its
    :func:`length`, the arguments as in :func:`arg_weight`."""
    room = b.room()
    receiver = getattr(obj, "__self__", None)
    values = (*args, *(v for k, v in kwargs.items() if k not in _JINJA_KWARGS))
    return bound([length(receiver), *(arg_weight(v, room) for v in values)])


# --------------------------------------------------------------------------- str.format

class _Formatter(SandboxedFormatter):
    """jinja2's sandboxed ``str.format``, which measures every field before it builds it: a
    width or precision in a field's spec (``'{0:{1}}'`` takes it from the values) counts as that
    many characters, and the fields built so far count too."""

    def __init__(self, env: Any, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        self.built = 0

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion is not None:  # !r, !s, !a write the value out
            self._can_build(size_of(value, current().room()), "a '!' conversion")
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        widest = max((int(d) if len(d) <= 18 else 10 ** 18 for d in _NUMBER.findall(format_spec)),
                     default=0)
        self._can_build(widest + size_of(value, current().room()),
                        f"the format spec {clip(format_spec, 40)!r}")
        text = super().format_field(value, format_spec)
        self.built += len(text)
        return text

    def _can_build(self, n: int, what: str) -> None:
        current().can_build(self.built + n, what)


class _EscapeFormatter(_Formatter, EscapeFormatter):
    pass


class _FormatMethod:
    """``s.format`` or ``s.format_map`` as a template gets it: run by :class:`_Formatter`."""

    def __init__(self, env: Any, method: Any) -> None:
        self.env, self.text = env, method.__self__
        self.is_map = method.__name__ == "format_map"
        self.__name__ = method.__name__

    def __call__(self, *args: Any, **kwargs: Any) -> str:
        if self.is_map:
            if kwargs or len(args) != 1:
                raise TypeError("format_map() takes exactly one argument, a mapping")
            args, kwargs = (), args[0]
        text = self.text
        formatter = (_EscapeFormatter(self.env, escape=text.escape) if isinstance(text, Markup)
                     else _Formatter(self.env))
        return type(text)(formatter.vformat(text, args, kwargs))


def _limited_format(env: Any, value: Any) -> Any:
    """``value``, or a :class:`_FormatMethod` when it is a string's ``format``/``format_map``
    (as Python gives it, or as jinja2 3.1.5+ wraps it)."""
    method = getattr(value, "__wrapped__", value)
    if (isinstance(method, (types.MethodType, types.BuiltinMethodType))
            and method.__name__ in ("format", "format_map") and isinstance(method.__self__, str)):
        return _FormatMethod(env, method)
    return value
