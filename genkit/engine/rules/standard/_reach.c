/* The standard rules' movement search in C: the same answers as the Python search of
 * movement.py (Movement._reach_region), which stays the reference and the fallback when this
 * module was not built (no C compiler where genkit was installed). It is an accelerator only:
 * every rule is decided in Python, which hands over the masks the rules made; this file knows
 * hexes, steps and their costs in half movement points, nothing of zones of control or
 * stacking.
 *
 * The search is the bucket Dijkstra of the Python one, level by level of half movement points
 * spent, on hex masks held as arrays of 64-bit words (Python ints at the boundary).
 *
 * An editable install (pip install -e .) compiles this file into the source tree: after
 * editing it, run that command again. tests/engine/test_standard_compiled_search.py holds it
 * to the Python search and to a plain Dijkstra. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t word;

#define SEARCH_VERSION 2         /* 2: boards of spaces, up to MAX_SLOTS steps out of a space */
#define MAX_SLOTS 64             /* steps out of one space, at most */
#define MAX_ALLOWANCE 65535     /* half MP: far beyond any game's, and the scratch it takes */
#define MAX_HEXES (1 << 20)     /* a map far beyond any game's; sizes stay well inside int */

#if defined(_MSC_VER)
#include <intrin.h>
static int lowest_bit(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
#define lowest_bit(x) __builtin_ctzll(x)
#endif

typedef struct {
    PyObject_HEAD
    int n;              /* hexes on the map */
    int words;          /* 64-bit words of a hex mask */
    int min_step;       /* the cheapest step anywhere, half MP */
    int slots;          /* steps per hex: the most any space has (6 on a hex map) */
    int *step_to;       /* per hex, ``slots`` slots: the hex one step away, -1 none */
    int *step_cost;     /* per hex, ``slots`` slots: that step's cost in half MP */
    word *buf;          /* scratch: the masks of one search */
    int levels;         /* levels of buf's "future" part */
} Search;

static void Search_dealloc(Search *self) {
    PyMem_Free(self->step_to);
    PyMem_Free(self->step_cost);
    PyMem_Free(self->buf);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One step of a row: a (cost, hex) pair; a cost above MAX_ALLOWANCE is kept as one step past
 * it (never taken: no allowance reaches it). */
static int read_step(PyObject *pair, int n, int *cost, int *to) {
    PyObject *fast = PySequence_Fast(pair, "a step: a (cost, hex) pair");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 2) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a step: a (cost, hex) pair");
        return -1;
    }
    long long c = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, 0));
    long long h = c == -1 && PyErr_Occurred() ? -1 : PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, 1));
    Py_DECREF(fast);
    if (PyErr_Occurred())
        return -1;
    if (c <= 0 || h < 0 || h >= n) {
        PyErr_SetString(PyExc_ValueError, "a step: cost > 0 to a hex of the map");
        return -1;
    }
    *cost = c > MAX_ALLOWANCE ? MAX_ALLOWANCE + 1 : (int)c;
    *to = (int)h;
    return 0;
}

/* Search(n, steps): steps[h] is a sequence of (cost, hex) pairs, the hexes one step from h
 * and what the step costs (half MP, > 0). The tables are built apart and take the place of
 * the old ones only when all is read (an __init__ called again, even from inside itself,
 * never leaves them half made). */
static int Search_init(Search *self, PyObject *args, PyObject *kw) {
    int n, min_step = 0;
    PyObject *steps;
    if (kw && PyDict_GET_SIZE(kw)) {
        PyErr_SetString(PyExc_TypeError, "Search takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "iO", &n, &steps))
        return -1;
    if (n <= 0 || n > MAX_HEXES) {
        PyErr_SetString(PyExc_ValueError, "Search: 1 to 1048576 hexes");
        return -1;
    }
    Py_ssize_t rows = PySequence_Length(steps);
    if (rows < 0)
        return -1;
    if (rows != n) {
        PyErr_SetString(PyExc_ValueError, "steps: one entry per hex");
        return -1;
    }
    int slots = 1;
    for (int h = 0; h < n; h++) {           /* the most steps out of any space */
        PyObject *item = PySequence_GetItem(steps, h);
        if (!item)
            return -1;
        Py_ssize_t k = PySequence_Length(item);
        Py_DECREF(item);
        if (k < 0)
            return -1;
        if (k > MAX_SLOTS) {
            PyErr_SetString(PyExc_ValueError, "steps[h]: at most 64 steps");
            return -1;
        }
        if (k > slots)
            slots = (int)k;
    }
    int *step_to = PyMem_Malloc(sizeof(int) * (size_t)n * slots);
    int *step_cost = PyMem_Malloc(sizeof(int) * (size_t)n * slots);
    if (!step_to || !step_cost) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int h = 0; h < n; h++) {
        for (int d = 0; d < slots; d++) {
            step_to[h * slots + d] = -1;
            step_cost[h * slots + d] = 0;
        }
        PyObject *item = PySequence_GetItem(steps, h);
        if (!item)
            goto fail;
        PyObject *row = PySequence_Fast(item, "steps[h]: a sequence");
        Py_DECREF(item);
        if (!row)
            goto fail;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(row);
        if (k > slots) {
            Py_DECREF(row);
            PyErr_SetString(PyExc_ValueError, "steps[h]: changed while read");
            goto fail;
        }
        for (Py_ssize_t d = 0; d < k; d++) {
            if (read_step(PySequence_Fast_GET_ITEM(row, d), n, &step_cost[h * slots + d],
                          &step_to[h * slots + d])) {
                Py_DECREF(row);
                goto fail;
            }
            if (min_step == 0 || step_cost[h * slots + d] < min_step)
                min_step = step_cost[h * slots + d];
        }
        Py_DECREF(row);
    }
    PyMem_Free(self->step_to);
    PyMem_Free(self->step_cost);
    PyMem_Free(self->buf);
    self->step_to = step_to;
    self->step_cost = step_cost;
    self->buf = NULL;
    self->levels = 0;
    self->n = n;
    self->slots = slots;
    self->words = (n + 63) / 64;
    self->min_step = min_step ? min_step : 1;
    return 0;
fail:
    PyMem_Free(step_to);
    PyMem_Free(step_cost);
    return -1;
}

/* A non-negative Python int of at most n bits into words. */
static int to_words(Search *self, PyObject *v, word *out) {
    unsigned char bytes[8 * 64];
    int nbytes = self->words * 8;
    unsigned char *b = nbytes <= (int)sizeof(bytes) ? bytes : PyMem_Malloc(nbytes);
    if (!b) {
        PyErr_NoMemory();
        return -1;
    }
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "a hex mask: an int");
        goto fail;
    }
#if PY_VERSION_HEX >= 0x030D0000
    /* (UNSIGNED_BUFFER: the top bit of the last word is a hex, not a sign) */
    Py_ssize_t got = PyLong_AsNativeBytes(v, b, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN
                                          | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (got < 0)
        goto fail;
    if (got > nbytes) {
        PyErr_SetString(PyExc_OverflowError, "a hex mask beyond the map");
        goto fail;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)v, b, nbytes, 1, 0) < 0)
        goto fail;
#endif
    for (int w = 0; w < self->words; w++) {
        word x = 0;
        for (int k = 7; k >= 0; k--)
            x = (x << 8) | b[w * 8 + k];
        out[w] = x;
    }
    if (b != bytes)
        PyMem_Free(b);
    return 0;
fail:
    if (b != bytes)
        PyMem_Free(b);
    return -1;
}

static PyObject *from_words(Search *self, const word *in) {
    unsigned char bytes[8 * 64] = {0};
    int nbytes = self->words * 8;
    unsigned char *b = nbytes <= (int)sizeof(bytes) ? bytes : PyMem_Malloc(nbytes);
    if (!b)
        return PyErr_NoMemory();
    for (int w = 0; w < self->words; w++) {
        word x = in[w];
        for (int k = 0; k < 8; k++, x >>= 8)
            b[w * 8 + k] = (unsigned char)(x & 0xff);
    }
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *r = PyLong_FromUnsignedNativeBytes(b, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *r = _PyLong_FromByteArray(b, nbytes, 1, 0);
#endif
    if (b != bytes)
        PyMem_Free(b);
    return r;
}

static PyObject *pair_of(Search *self, const word *ends, const word *seen) {
    PyObject *a = from_words(self, ends);
    if (!a)
        return NULL;
    PyObject *b = from_words(self, seen);
    if (!b) {
        Py_DECREF(a);
        return NULL;
    }
    PyObject *t = PyTuple_Pack(2, a, b);
    Py_DECREF(a);
    Py_DECREF(b);
    return t;
}

#define BIT(m, h) (((m)[(h) >> 6] >> ((h) & 63)) & 1)
#define SET(m, h) ((m)[(h) >> 6] |= (word)1 << ((h) & 63))

/* reach(start, allowance, avoid, ends, stop, leave, no_zoc, any_end) -> (destinations, seen)

 * From hex ``start`` with ``allowance`` half MP: the hexes reached at a cost within the
 * allowance, never entering ``avoid``; a hex of ``stop`` is reached but not left (the start is
 * always left). The first steps cost ``leave`` more and never enter ``no_zoc`` when that mask
 * is not 0. ``seen``: the hexes reached (the start among them), ``destinations``: those of
 * ``ends`` among them. ``any_end``: stop at the first level holding one of ``ends``, answering
 * that level's ``ends`` hexes and the hexes seen so far. */
static PyObject *Search_reach(Search *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "reach takes 8 arguments");
        return NULL;
    }
    /* every argument read first: reading one may run Python code (__index__, __bool__),
     * which could even call __init__ again; the map's tables are read only after */
    long long start, ma, leave;
    int any_end;
    if ((start = PyLong_AsLongLong(args[0])) == -1 && PyErr_Occurred())
        return NULL;
    if ((ma = PyLong_AsLongLong(args[1])) == -1 && PyErr_Occurred())
        return NULL;
    if ((leave = PyLong_AsLongLong(args[5])) == -1 && PyErr_Occurred())
        return NULL;
    if ((any_end = PyObject_IsTrue(args[7])) < 0)
        return NULL;
    int n = self->n, W = self->words;
    if (start < 0 || start >= n || ma < 0 || ma > MAX_ALLOWANCE || leave < 0 || leave > MAX_ALLOWANCE) {
        PyErr_SetString(PyExc_ValueError, "reach: a hex of the map, an allowance and a cost of 0..65535");
        return NULL;
    }
    int levels = (int)ma + 1;
    if (levels > self->levels) {
        if ((size_t)W * (size_t)(6 + levels) > SIZE_MAX / sizeof(word))
            return PyErr_NoMemory();
        word *nb = PyMem_Realloc(self->buf, sizeof(word) * (size_t)W * (size_t)(6 + levels));
        if (!nb)
            return PyErr_NoMemory();
        self->buf = nb;
        self->levels = levels;
    }
    word *avoid = self->buf, *ends = avoid + W, *stop = ends + W, *no_zoc = stop + W;
    word *unseen = no_zoc + W, *out = unseen + W, *fut = out + W;
    if (to_words(self, args[2], avoid) || to_words(self, args[3], ends) || to_words(self, args[4], stop)
        || to_words(self, args[6], no_zoc))
        return NULL;
    int leaving = 0;
    for (int w = 0; w < W; w++) {
        word every = (w == W - 1 && n % 64) ? (((word)1 << (n % 64)) - 1) : ~(word)0;
        unseen[w] = every & ~avoid[w];
        leaving |= no_zoc[w] != 0;
    }
    unseen[start >> 6] &= ~((word)1 << (start & 63));
    memset(fut, 0, sizeof(word) * (size_t)W * (size_t)levels);
    int slots = self->slots;
    for (int d = 0; d < slots; d++) {       /* the first steps, out of the start hex */
        int j = self->step_to[start * slots + d];
        if (j < 0)
            continue;
        long long c = self->step_cost[start * slots + d];
        if (leaving) {
            if (BIT(no_zoc, j))
                continue;
            c += leave;
        }
        if (c <= ma)
            SET(fut + c * W, j);
    }
    long long last = ma - self->min_step;    /* a hex reached later has no step within the allowance */
    for (long long spent = 1; spent <= ma; spent++) {
        word *level = fut + spent * W, any = 0;
        for (int w = 0; w < W; w++) {
            level[w] &= unseen[w];
            unseen[w] &= ~level[w];
            any |= level[w];
        }
        if (!any)
            continue;
        if (any_end) {
            word hit = 0;
            for (int w = 0; w < W; w++) {
                out[w] = level[w] & ends[w];
                hit |= out[w];
            }
            if (hit) {
                for (int w = 0; w < W; w++) {
                    word every = (w == W - 1 && n % 64) ? (((word)1 << (n % 64)) - 1) : ~(word)0;
                    unseen[w] = every & ~unseen[w] & ~avoid[w];
                }
                return pair_of(self, out, unseen);
            }
        }
        if (spent > last)
            continue;
        for (int w = 0; w < W; w++) {
            word go = level[w] & ~stop[w];
            while (go) {
                int h = w * 64 + lowest_bit(go);
                go &= go - 1;
                const int *to = self->step_to + h * slots, *cost = self->step_cost + h * slots;
                for (int d = 0; d < slots; d++) {
                    long long at = spent + cost[d];
                    if (to[d] >= 0 && at <= ma)
                        SET(fut + at * W, to[d]);
                }
            }
        }
    }
    for (int w = 0; w < W; w++) {       /* seen: every hex but the unseen and avoided */
        word every = (w == W - 1 && n % 64) ? (((word)1 << (n % 64)) - 1) : ~(word)0;
        unseen[w] = every & ~unseen[w] & ~avoid[w];
        out[w] = unseen[w] & ends[w];
    }
    return pair_of(self, out, unseen);
}

static PyMethodDef Search_methods[] = {
    {"reach", (PyCFunction)(void (*)(void))Search_reach, METH_FASTCALL,
     "reach(start, allowance, avoid, ends, stop, leave, no_zoc, any_end) -> (destinations, seen)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "genkit.engine.rules.standard._reach.Search",
    .tp_basicsize = sizeof(Search),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(n, steps): the movement search over one map's steps",
    .tp_methods = Search_methods,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_reach",
    .m_doc = "The standard rules' movement search, compiled.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__reach(void) {
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    /* movement.py uses this build only when VERSION is the one it was written for */
    if (PyModule_AddIntConstant(m, "VERSION", SEARCH_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
