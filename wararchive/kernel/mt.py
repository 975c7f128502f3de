"""CPython's ``random.Random`` (MT19937) in compiled code, draw for draw.

The reference players and setups draw from ``random.Random(text)``; a kernel
game is the reference game only if every draw is the same number. This
module seeds a generator exactly as CPython's ``random_seed`` does for a
string (the text's bytes followed by their SHA-512, read as one big-endian
integer, fed to ``init_by_array`` in 32-bit words from the least
significant), and reproduces ``getrandbits`` and ``_randbelow`` (rejection
sampling on ``n.bit_length()`` bits), hence ``choice``, ``shuffle`` and
``sample``. A state is an int64 array of 625 words: the 624 of the
generator and its position. ``tests/kernel/test_kernel.py`` checks every function
against ``random.Random`` itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np
from numba import njit
from numba.core.types import unliteral


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


def inner(options: dict[str, bool]) -> Callable[[Callable], Callable]:
    """``njit(**options)`` for a function only compiled code calls: no entry from Python, one build for every constant.

    Numba builds every function an entry that unboxes its arguments from
    Python objects. For a function handed :class:`~.playout.Spec` and
    ``Work`` (some eighty arrays) that entry is most of its compile time
    (~1.2 s for a three-line helper, 0.07 s without). Python must never call
    such a function (numba would run it without an entry and crash), so
    ``tests/package/test_layering.py`` checks that only compiled code does.

    A compiled caller passing a constant (a rule's index, ``-1`` for no
    piece) would also get a build of its own per constant: numba types a
    constant argument as that literal value. One helper was built 13 times
    so. The arguments are typed as their plain types instead.
    """

    def decorate(fn: Callable) -> Callable:
        dispatcher = njit(**options, no_cpython_wrapper=True, no_cfunc_wrapper=True)(fn)
        template = dispatcher.get_call_template  # what numba's typing asks a dispatcher for a call's signature

        def plain(args: tuple, kws: dict) -> tuple:
            return template(tuple(map(unliteral, args)), {k: unliteral(v) for k, v in kws.items()})

        dispatcher.get_call_template = plain
        return dispatcher

    return decorate


N, M = 624, 397
MASK = 0xFFFFFFFF
STATE = N + 1  # the words and the position
KEY_WORDS = 48  # room for a seed text of up to 128 bytes (text + 64 bytes of SHA-512)


def seed_key(text: str) -> np.ndarray:
    """The ``init_by_array`` key CPython derives from a string seed, padded with its length in word 0."""
    return seed_keys([text])[0]


def seed_keys(texts: list[str]) -> np.ndarray:
    """:func:`seed_key` of each text, as the rows of one array (a study derives five a game: one array, not five)."""
    keys = np.zeros((len(texts), KEY_WORDS), dtype=np.int64)
    for row, text in zip(keys, texts, strict=True):
        raw = text.encode()
        n = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
        words = max(1, (n.bit_length() + 31) // 32)
        if words + 1 > KEY_WORDS:
            raise ValueError(f"seed text too long for the kernel: {text!r}")
        row[0] = words
        row[1 : words + 1] = np.frombuffer(n.to_bytes(words * 4, "little"), dtype="<u4")
    return keys


def game_keys(ruleset_id: str, sides: tuple[str, ...], seed: int) -> np.ndarray:
    """A game's five seed keys: the preparation, both setups (``Ruleset.rng``), both players (``simulate_one``).

    The texts are the reference engine's, so a stream seeded with a key
    draws what that ``random.Random`` draws.
    """
    streams = ["prepare", *(f"setup:{s}" for s in sides), *(f"player:{s}" for s in sides)]
    return seed_keys([f"{ruleset_id}:{seed}:{s}" for s in streams])


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


# SHA-512 (FIPS 180-4), for seeding from a text inside a compiled game: CPython's string seed hashes the text
_K512 = np.array(
    [
        0x428A2F98D728AE22,
        0x7137449123EF65CD,
        0xB5C0FBCFEC4D3B2F,
        0xE9B5DBA58189DBBC,
        0x3956C25BF348B538,
        0x59F111F1B605D019,
        0x923F82A4AF194F9B,
        0xAB1C5ED5DA6D8118,
        0xD807AA98A3030242,
        0x12835B0145706FBE,
        0x243185BE4EE4B28C,
        0x550C7DC3D5FFB4E2,
        0x72BE5D74F27B896F,
        0x80DEB1FE3B1696B1,
        0x9BDC06A725C71235,
        0xC19BF174CF692694,
        0xE49B69C19EF14AD2,
        0xEFBE4786384F25E3,
        0x0FC19DC68B8CD5B5,
        0x240CA1CC77AC9C65,
        0x2DE92C6F592B0275,
        0x4A7484AA6EA6E483,
        0x5CB0A9DCBD41FBD4,
        0x76F988DA831153B5,
        0x983E5152EE66DFAB,
        0xA831C66D2DB43210,
        0xB00327C898FB213F,
        0xBF597FC7BEEF0EE4,
        0xC6E00BF33DA88FC2,
        0xD5A79147930AA725,
        0x06CA6351E003826F,
        0x142929670A0E6E70,
        0x27B70A8546D22FFC,
        0x2E1B21385C26C926,
        0x4D2C6DFC5AC42AED,
        0x53380D139D95B3DF,
        0x650A73548BAF63DE,
        0x766A0ABB3C77B2A8,
        0x81C2C92E47EDAEE6,
        0x92722C851482353B,
        0xA2BFE8A14CF10364,
        0xA81A664BBC423001,
        0xC24B8B70D0F89791,
        0xC76C51A30654BE30,
        0xD192E819D6EF5218,
        0xD69906245565A910,
        0xF40E35855771202A,
        0x106AA07032BBD1B8,
        0x19A4C116B8D2D0C8,
        0x1E376C085141AB53,
        0x2748774CDF8EEB99,
        0x34B0BCB5E19B48A8,
        0x391C0CB3C5C95A63,
        0x4ED8AA4AE3418ACB,
        0x5B9CCA4F7763E373,
        0x682E6FF3D6B2B8A3,
        0x748F82EE5DEFB2FC,
        0x78A5636F43172F60,
        0x84C87814A1F0AB72,
        0x8CC702081A6439EC,
        0x90BEFFFA23631E28,
        0xA4506CEBDE82BDE9,
        0xBEF9A3F7B2C67915,
        0xC67178F2E372532B,
        0xCA273ECEEA26619C,
        0xD186B8C721C0C207,
        0xEADA7DD6CDE0EB1E,
        0xF57D4F7FEE6ED178,
        0x06F067AA72176FBA,
        0x0A637DC5A2C898A6,
        0x113F9804BEF90DAE,
        0x1B710B35131C471B,
        0x28DB77F523047D84,
        0x32CAAB7B40C72493,
        0x3C9EBE0A15C9BEBC,
        0x431D67C49C100D4C,
        0x4CC5D4BECB3E42B6,
        0x597F299CFC657E2A,
        0x5FCB6FAB3AD6FAEC,
        0x6C44198C4A475817,
    ],
    dtype=np.uint64,
)
_H512 = np.array(
    [
        0x6A09E667F3BCC908,
        0xBB67AE8584CAA73B,
        0x3C6EF372FE94F82B,
        0xA54FF53A5F1D36F1,
        0x510E527FADE682D1,
        0x9B05688C2B3E6C1F,
        0x1F83D9ABFB41BD6B,
        0x5BE0CD19137E2179,
    ],
    dtype=np.uint64,
)


@njit(**LEAF, inline="always")
def _rotr(x, n: int):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@njit(**ALLOCATING)
def sha512(data: np.ndarray, n: int) -> np.ndarray:
    """The SHA-512 digest (64 bytes) of ``data[:n]`` (bytes as uint8), as ``hashlib.sha512`` gives it."""
    total = (n + 17 + 127) // 128 * 128
    buf = np.zeros(total, np.uint8)
    buf[:n] = data[:n]
    buf[n] = 0x80
    bits = n * 8
    for i in range(8):
        buf[total - 1 - i] = (bits >> (8 * i)) & 0xFF
    h = _H512.copy()
    w = np.zeros(80, np.uint64)
    eight = np.uint64(8)
    for off in range(0, total, 128):
        for t in range(16):
            v = np.uint64(0)
            for b in range(8):
                v = (v << eight) | np.uint64(buf[off + 8 * t + b])
            w[t] = v
        for t in range(16, 80):
            s0 = _rotr(w[t - 15], 1) ^ _rotr(w[t - 15], 8) ^ (w[t - 15] >> np.uint64(7))
            s1 = _rotr(w[t - 2], 19) ^ _rotr(w[t - 2], 61) ^ (w[t - 2] >> np.uint64(6))
            w[t] = w[t - 16] + s0 + w[t - 7] + s1
        a, b, c, d, e, f, g, hh = h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
        for t in range(80):
            t1 = hh + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) + ((e & f) ^ (~e & g)) + _K512[t] + w[t]
            t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
            hh, g, f, e, d, c, b, a = g, f, e, d + t1, c, b, a, t1 + t2
        h[0] += a
        h[1] += b
        h[2] += c
        h[3] += d
        h[4] += e
        h[5] += f
        h[6] += g
        h[7] += hh
    out = np.zeros(64, np.uint8)
    for i in range(8):
        for b in range(8):
            out[8 * i + b] = np.uint8((h[i] >> np.uint64(56 - 8 * b)) & np.uint64(0xFF))
    return out


@njit(**ALLOCATING)
def seed_text(state: np.ndarray, text: np.ndarray, n: int) -> None:
    """``random.Random(text)`` into ``state``, for the UTF-8 bytes ``text[:n]`` (as :func:`seed_key`, compiled)."""
    digest = sha512(text, n)
    raw = np.zeros(n + 64, np.int64)
    raw[:n] = text[:n]
    raw[n:] = digest
    size = n + 64
    words = (size + 3) // 4
    key = np.zeros(words + 1, np.int64)
    key[0] = words
    for i in range(words):  # word i is the 4 bytes ending 4*i bytes before the end, read big-endian
        v = 0
        for b in range(4):
            j = size - 4 * i - 4 + b
            v = (v << 8) | (raw[j] if j >= 0 else 0)
        key[1 + i] = v
    seed(state, key)
