"""Chance: every random number of a game comes from the state's own seeded 64-bit generator,
so a game replays exactly from its seed."""
from __future__ import annotations

from .state import State

_M64 = (1 << 64) - 1


def seed_rng(seed: int) -> int:
    """A 64-bit generator state from any int seed (splitmix64 finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return (z ^ (z >> 31)) or 1


def rand_below(state: State, n: int) -> int:
    """Uniform-enough int in 0..n-1 from the state's generator (64-bit LCG, high bits)."""
    s = (state.rng * 6364136223846793005 + 1442695040888963407) & _M64
    state.rng = s
    return ((s >> 32) * n) >> 32


def roll_die(state: State, faces: int, purpose: str) -> int:
    """Roll one die of ``faces`` faces, counting it and recording it in ``state.trace``."""
    s = (state.rng * 6364136223846793005 + 1442695040888963407) & _M64
    state.rng = s
    face = (((s >> 32) * faces) >> 32) + 1
    state.nrolls += 1
    if state.trace is not None:
        state.trace.append((face, purpose))
    return face


def shuffle(state: State, items: list) -> None:
    """Fisher-Yates shuffle in place with the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = rand_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
