"""CPython's ``random.Random`` (MT19937) in compiled code, draw for draw.

The reference players and setups draw from ``random.Random(text)``; a kernel
game is the reference game only if every draw is the same number. This
module seeds a generator exactly as CPython's ``random_seed`` does for a
string (the text's bytes followed by their SHA-512, read as one big-endian
integer, fed to ``init_by_array`` in 32-bit words from the least
significant), and reproduces ``getrandbits`` and ``_randbelow`` (rejection
sampling on ``n.bit_length()`` bits), hence ``choice``, ``shuffle`` and
``sample``. A state is an int64 array of 625 words: the 624 of the
generator and its position. ``tests/test_kernel.py`` checks every function
against ``random.Random`` itself.
"""

from __future__ import annotations

import hashlib

import numpy as np
from numba import njit


def _without_refcounts() -> dict[str, bool]:
    """numba's option to compile a function without reference counting, where this numba has it (else none).

    Numba counts references to every array a compiled function is handed,
    and its pass that removes needless counts fails across branches and
    nested calls (numba/numba#2345, #2350): a small helper handed the
    kernel's :class:`~.playout.Spec` and ``Work`` (some forty arrays) paid
    some 180 ns a call in atomic counts, for a test that takes under 2 ns
    written out in its caller. ``_nrt=False``
    (numba's own fix in those threads) drops the counting; such a function
    may not allocate. Numba names it as private, so a numba without it
    compiles with the counting: slower, the same games.
    """
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:
        return {}
    return {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}


LEAF = {"cache": True, **_without_refcounts()}
"""``njit`` options of a kernel function that allocates nothing (no ``np.empty``, no array-to-array slice assignment)."""
ALLOCATING = {"cache": True, **({"_nrt": True} if "_nrt" in LEAF else {})}
"""``njit`` options of one that allocates: it says so, or it would inherit a calling leaf's (numba passes unset options down)."""

N, M = 624, 397
MASK = 0xFFFFFFFF
STATE = N + 1  # the words and the position
KEY_WORDS = 48  # room for a seed text of up to 128 bytes (text + 64 bytes of SHA-512)


def seed_key(text: str) -> np.ndarray:
    """The ``init_by_array`` key CPython derives from a string seed, padded with its length in word 0."""
    raw = text.encode()
    n = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
    words = max(1, (n.bit_length() + 31) // 32)
    if words + 1 > KEY_WORDS:
        raise ValueError(f"seed text too long for the kernel: {text!r}")
    key = np.zeros(KEY_WORDS, dtype=np.int64)
    key[0] = words
    key[1 : words + 1] = np.frombuffer(n.to_bytes(words * 4, "little"), dtype="<u4")
    return key


def _init_genrand(s: int) -> np.ndarray:
    """``init_genrand(s)``: the state every ``init_by_array`` starts from (computed once: it never changes)."""
    mt = [s]
    for i in range(1, N):
        mt.append((1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & MASK)
    return np.array(mt, dtype=np.int64)


GENRAND_19650218 = _init_genrand(19650218)


@njit(**ALLOCATING)
def seed(state: np.ndarray, key: np.ndarray) -> None:
    """``init_by_array(key)`` into ``state`` (``key`` as made by :func:`seed_key`)."""
    mt = state
    mt[:N] = GENRAND_19650218
    length = key[0]
    i, j = 1, 0
    for _ in range(max(N, length)):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & MASK)) + key[1 + j] + j) & MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & MASK)) - i) & MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@njit(**LEAF)
def _twist(mt: np.ndarray) -> None:
    for kk in range(N):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7FFFFFFF)
        v = mt[(kk + M) % N] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[kk] = v
    mt[N] = 0


@njit(**LEAF)
def uint32(mt: np.ndarray) -> int:
    """``genrand_uint32``: the next 32-bit word."""
    if mt[N] >= N:
        _twist(mt)
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & MASK


@njit(**LEAF)
def randbelow(mt: np.ndarray, n: int) -> int:
    """``Random._randbelow(n)`` for 0 < n < 2**32: ``n.bit_length()`` bits, drawn again until below n."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = uint32(mt) >> (32 - k)
    while r >= n:
        r = uint32(mt) >> (32 - k)
    return r


@njit(**LEAF)
def shuffle(mt: np.ndarray, x: np.ndarray, length: int) -> None:
    """``Random.shuffle`` of ``x[:length]`` in place."""
    for i in range(length - 1, 0, -1):
        j = randbelow(mt, i + 1)
        x[i], x[j] = x[j], x[i]


@njit(**ALLOCATING)
def sample(mt: np.ndarray, population: np.ndarray, k: int, out: np.ndarray) -> None:
    """``Random.sample(population, k)`` into ``out[:k]`` (both of CPython's methods, chosen as it chooses)."""
    n = len(population)
    setsize = 21
    if k > 5:
        p = 1  # 4 ** ceil(log(3k, 4)), in integers
        while p < 3 * k:
            p *= 4
        setsize += p
    if n <= setsize:
        pool = population.copy()
        for i in range(k):
            j = randbelow(mt, n - i)
            out[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        selected = np.zeros(n, dtype=np.bool_)
        for i in range(k):
            j = randbelow(mt, n)
            while selected[j]:
                j = randbelow(mt, n)
            selected[j] = True
            out[i] = population[j]
