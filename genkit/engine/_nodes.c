/* The two move searches of genkit/engine/movement.py in C: ``Nodes`` (reach_nodes, a unit with
 * a facing) and ``Hexes`` (reach_hexes, a unit without), the same answers as the Python
 * functions, which stay the reference and the fallback where this module was not built (no C
 * compiler where genkit was installed). They are accelerators only: the rules decide in Python
 * what each hex costs to enter, which hexes a unit may enter or end in and where zones of
 * control stop a move, and hand those tables or masks over; this file knows nodes (hex * 6 +
 * facing), hexes, their steps and costs, nothing of terrain, units or sides.
 *
 * Nodes: the bucket Dijkstra of the Python one, level by level of movement points spent; the
 * nodes reached are the same whatever order a level is read in, and come back sorted.
 * Hexes: the Python one's breadth-first search by points spent on hex masks, here arrays of
 * 64-bit words (Python ints at the boundary).
 * Picker: a mask's set bits as the items they index, ascending (what the rules list of a search's
 * answer: the hexes, or the actions to them).
 *
 * An editable install (pip install -e .) compiles this file into the source tree: after
 * editing it, run that command again. tests/engine/test_compiled_nodes.py holds it to the
 * Python search. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define NODES_VERSION 3         /* 2: Hexes; 3: Picker */
#define MAX_ALLOWANCE 4096      /* movement points: far beyond any game's */
#define MAX_NODES (6 << 20)

typedef struct {
    PyObject_HEAD
    int n;              /* nodes: hexes * 6 */
    int *fwd;           /* per node: the node one step forward, -1 none */
    int *fwd_hex;       /* per node: that node's hex, -1 none */
    int *left, *right;  /* per node: the node turned once either way */
    int *best;          /* scratch: points spent to reach each node */
    int *queue;         /* scratch: the node of each entry of the levels' lists */
    int *next;          /* scratch: the entry after each in its level's list, -1 none */
    int *head;          /* scratch: per level, its first entry, -1 none */
    int *reached;       /* scratch: the nodes reached, in the order first reached */
    int *entry;         /* scratch: per hex, the cost of stepping in (0: never) */
    char *stop;         /* scratch: per hex, 1 in an enemy zone of control */
} Nodes;

static void Nodes_dealloc(Nodes *self) {
    PyMem_Free(self->fwd);
    PyMem_Free(self->fwd_hex);
    PyMem_Free(self->left);
    PyMem_Free(self->right);
    PyMem_Free(self->best);
    PyMem_Free(self->queue);
    PyMem_Free(self->next);
    PyMem_Free(self->head);
    PyMem_Free(self->reached);
    PyMem_Free(self->entry);
    PyMem_Free(self->stop);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int as_int(PyObject *item, long lo, long hi, const char *what, int *out) {
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %ld out of range", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Nodes(node_moves): node_moves[k] = (forward node or -1, its hex or -1, left node, right node) */
static int Nodes_init(Nodes *self, PyObject *args, PyObject *kwds) {
    PyObject *moves;
    (void)kwds;
    if (self->fwd) {
        PyErr_SetString(PyExc_TypeError, "Nodes: built once");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O", &moves))
        return -1;
    PyObject *fast = PySequence_Fast(moves, "node_moves: a sequence of 4-tuples");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n <= 0 || n > MAX_NODES || n % 6) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "node_moves: six nodes per hex, at least one hex");
        return -1;
    }
    self->n = (int)n;
    size_t hexes = (size_t)n / 6;
    self->fwd = PyMem_Calloc(n, sizeof(int));
    self->fwd_hex = PyMem_Calloc(n, sizeof(int));
    self->left = PyMem_Calloc(n, sizeof(int));
    self->right = PyMem_Calloc(n, sizeof(int));
    self->best = PyMem_Calloc(n, sizeof(int));
    self->queue = PyMem_Calloc((size_t)n * 3 + 1, sizeof(int));
    self->next = PyMem_Calloc((size_t)n * 3 + 1, sizeof(int));
    self->head = PyMem_Calloc(MAX_ALLOWANCE + 2, sizeof(int));
    self->reached = PyMem_Calloc(n, sizeof(int));
    self->entry = PyMem_Calloc(hexes, sizeof(int));
    self->stop = PyMem_Calloc(hexes, 1);
    if (!self->fwd || !self->fwd_hex || !self->left || !self->right || !self->best || !self->queue || !self->next || !self->head ||
        !self->reached || !self->entry || !self->stop) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k), "node_moves[k]: a 4-tuple");
        if (!row) {
            Py_DECREF(fast);
            return -1;
        }
        int ok = PySequence_Fast_GET_SIZE(row) == 4;
        if (!ok)
            PyErr_SetString(PyExc_ValueError, "node_moves[k]: a 4-tuple");
        ok = ok && as_int(PySequence_Fast_GET_ITEM(row, 0), -1, n - 1, "forward node", &self->fwd[k]) == 0
                && as_int(PySequence_Fast_GET_ITEM(row, 1), -1, (long)hexes - 1, "forward hex", &self->fwd_hex[k]) == 0
                && as_int(PySequence_Fast_GET_ITEM(row, 2), 0, n - 1, "left node", &self->left[k]) == 0
                && as_int(PySequence_Fast_GET_ITEM(row, 3), 0, n - 1, "right node", &self->right[k]) == 0;
        Py_DECREF(row);
        if (!ok) {
            Py_DECREF(fast);
            return -1;
        }
        if ((self->fwd[k] < 0) != (self->fwd_hex[k] < 0) || (self->fwd[k] >= 0 && self->fwd[k] / 6 != self->fwd_hex[k])) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "node_moves[k]: the forward hex is the forward node's");
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* reach(start, facing, allowance, turn_cost, entry, stop, occ) -> sorted end nodes
 * entry: per hex the points stepping in costs (0: never); stop: bytes, per hex nonzero in an
 * enemy zone of control (the start hex is no restriction); occ: per hex the piece there, < 0 none */
static PyObject *Nodes_reach(Nodes *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "reach(start, facing, allowance, turn_cost, entry, stop, occ)");
        return NULL;
    }
    int hexes = self->n / 6, start, facing, ma, turn_cost;
    if (as_int(args[0], 0, hexes - 1, "start", &start) || as_int(args[1], 0, 5, "facing", &facing) ||
        as_int(args[2], 0, MAX_ALLOWANCE, "allowance", &ma) || as_int(args[3], 0, MAX_ALLOWANCE + 1, "turn_cost", &turn_cost))
        return NULL;
    PyObject *entry = args[4], *stop = args[5], *occ = args[6];
    if (!PyList_Check(entry) || PyList_GET_SIZE(entry) != hexes || !PyList_Check(occ) || PyList_GET_SIZE(occ) != hexes ||
        !PyBytes_Check(stop) || PyBytes_GET_SIZE(stop) != hexes) {
        PyErr_SetString(PyExc_TypeError, "reach: entry and occ lists and stop bytes, one per hex");
        return NULL;
    }
    for (int h = 0; h < hexes; h++) {
        long c = PyLong_AsLong(PyList_GET_ITEM(entry, h));
        if (c == -1 && PyErr_Occurred())
            return NULL;
        self->entry[h] = c <= 0 ? 0 : (c > MAX_ALLOWANCE ? MAX_ALLOWANCE + 1 : (int)c);
    }
    memcpy(self->stop, PyBytes_AS_STRING(stop), hexes);
    int n = self->n, big = ma + 1;
    int *best = self->best, *reached = self->reached;
    for (int k = 0; k < n; k++)
        best[k] = big;
    /* per level a list of entries linked through next[]; a node is read (its steps out taken)
     * at most once, at the level of its best cost, and adds at most 3 entries: 3n + 1 in all */
    int *head = self->head, *node_of = self->queue, *next = self->next;
    for (int l = 0; l <= big; l++)
        head[l] = -1;
    int used = 0, nreached = 0;
#define PUSH(level, node) do { node_of[used] = (node); next[used] = head[level]; head[level] = used; used++; } while (0)
    int s0 = start * 6 + facing;
    best[s0] = 0;
    PUSH(0, s0);
    for (int spent = 0; spent <= ma; spent++) {
        int t = spent + turn_cost;
        int turn = t <= ma;
        /* a turn cost of 0 adds to the level being read: take entries until the level is empty */
        while (head[spent] >= 0) {
            int e = head[spent];
            head[spent] = next[e];
            int node = node_of[e];
            if (best[node] != spent)
                continue;
            int h = node / 6;
            if (self->stop[h] && h != start)
                continue;
            if (turn) {
                int side[2] = {self->left[node], self->right[node]};
                for (int i = 0; i < 2; i++) {
                    int m = side[i];
                    if (t < best[m]) {
                        if (best[m] == big)
                            reached[nreached++] = m;
                        best[m] = t;
                        PUSH(t, m);
                    }
                }
            }
            int j = self->fwd_hex[node];
            if (j < 0)
                continue;
            int c = self->entry[j];
            if (!c)
                continue;
            int tf = spent + c, f = self->fwd[node];
            if (tf >= best[f])
                continue;
            if (best[f] == big)
                reached[nreached++] = f;
            best[f] = tf;
            PUSH(tf, f);
        }
    }
#undef PUSH
    qsort(reached, (size_t)nreached, sizeof(int), cmp_int);
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    for (int i = 0; i < nreached; i++) {
        int k = reached[i], h = k / 6;
        if (h != start) {
            long p = PyLong_AsLong(PyList_GET_ITEM(occ, h));
            if (p == -1 && PyErr_Occurred()) {
                Py_DECREF(out);
                return NULL;
            }
            if (p >= 0)
                continue;
        }
        PyObject *v = PyLong_FromLong(k);
        if (!v || PyList_Append(out, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(v);
    }
    return out;
}

static PyMethodDef Nodes_methods[] = {
    {"reach", (PyCFunction)(void (*)(void))Nodes_reach, METH_FASTCALL,
     "reach(start, facing, allowance, turn_cost, entry, stop, occ) -> sorted end nodes"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject NodesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "genkit.engine._nodes.Nodes",
    .tp_basicsize = sizeof(Nodes),
    .tp_dealloc = (destructor)Nodes_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Nodes(node_moves): the search of a unit with a facing over one map's nodes",
    .tp_methods = Nodes_methods,
    .tp_init = (initproc)Nodes_init,
    .tp_new = PyType_GenericNew,
};

/* ---------------------------------------------------------------- Hexes */

typedef uint64_t word;

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
    int n;              /* hexes */
    int words;          /* 64-bit words of a hex mask */
    int costs;          /* distinct positive entry costs */
    int *cost_of;       /* per distinct cost, ascending: the cost */
    word *cost_mask;    /* per distinct cost: the hexes with that entry cost */
    word *adj;          /* per hex: the mask of the hexes next to it */
    word *buf;          /* scratch: enter, stop, ends, seen, new, go and the levels' masks */
    int levels;         /* levels buf holds room for */
} Hexes;

static void Hexes_dealloc(Hexes *self) {
    PyMem_Free(self->cost_of);
    PyMem_Free(self->cost_mask);
    PyMem_Free(self->adj);
    PyMem_Free(self->buf);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Hexes(adjacent, cost): adjacent[h] the hexes next to h; cost[h] its entry cost, 0 never */
static int Hexes_init(Hexes *self, PyObject *args, PyObject *kwds) {
    PyObject *adjacent, *cost;
    (void)kwds;
    if (self->adj) {
        PyErr_SetString(PyExc_TypeError, "Hexes: built once");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OO", &adjacent, &cost))
        return -1;
    PyObject *adj = PySequence_Fast(adjacent, "adjacent: a sequence of sequences of hexes");
    if (!adj)
        return -1;
    PyObject *cst = PySequence_Fast(cost, "cost: a sequence of entry costs");
    if (!cst) {
        Py_DECREF(adj);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(adj);
    int ok = n > 0 && n <= MAX_NODES / 6 && PySequence_Fast_GET_SIZE(cst) == n;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "Hexes: one row of neighbours and one cost per hex, at least one hex");
    int W = (int)((n + 63) / 64);
    self->n = (int)n;
    self->words = W;
    int *costs = ok ? PyMem_Calloc(n, sizeof(int)) : NULL;
    if (ok && !costs) {
        PyErr_NoMemory();
        ok = 0;
    }
    self->adj = ok ? PyMem_Calloc((size_t)n * W, sizeof(word)) : NULL;
    if (ok && !self->adj) {
        PyErr_NoMemory();
        ok = 0;
    }
    for (Py_ssize_t h = 0; ok && h < n; h++) {
        ok = as_int(PySequence_Fast_GET_ITEM(cst, h), 0, MAX_ALLOWANCE + 1, "cost", &costs[h]) == 0;
        PyObject *row = ok ? PySequence_Fast(PySequence_Fast_GET_ITEM(adj, h), "adjacent[h]: a sequence of hexes") : NULL;
        if (!row) {
            ok = 0;
            break;
        }
        for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(row); i++) {
            int j;
            ok = as_int(PySequence_Fast_GET_ITEM(row, i), 0, n - 1, "neighbour", &j) == 0;
            if (ok)
                self->adj[h * W + j / 64] |= (word)1 << (j % 64);
        }
        Py_DECREF(row);
    }
    Py_DECREF(adj);
    Py_DECREF(cst);
    if (ok) {               /* the distinct positive costs, ascending, and their masks */
        int distinct = 0;
        self->cost_of = PyMem_Calloc(n, sizeof(int));
        self->cost_mask = PyMem_Calloc((size_t)n * W, sizeof(word));
        if (!self->cost_of || !self->cost_mask) {
            PyErr_NoMemory();
            ok = 0;
        }
        for (Py_ssize_t h = 0; ok && h < n; h++) {
            int c = costs[h], k = 0;
            if (c <= 0)
                continue;
            while (k < distinct && self->cost_of[k] < c)
                k++;
            if (k == distinct || self->cost_of[k] != c) {
                memmove(self->cost_of + k + 1, self->cost_of + k, sizeof(int) * (size_t)(distinct - k));
                memmove(self->cost_mask + (size_t)(k + 1) * W, self->cost_mask + (size_t)k * W,
                        sizeof(word) * (size_t)(distinct - k) * W);
                memset(self->cost_mask + (size_t)k * W, 0, sizeof(word) * W);
                self->cost_of[k] = c;
                distinct++;
            }
            self->cost_mask[(size_t)k * W + h / 64] |= (word)1 << (h % 64);
        }
        self->costs = distinct;
    }
    PyMem_Free(costs);
    return ok ? 0 : -1;
}

/* a non-negative Python int of at most W words into ``out`` */
static int read_mask(PyObject *v, int W, word *out) {
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "a mask: an int");
        return -1;
    }
    PyObject *raw = PyObject_CallMethod(v, "to_bytes", "ns", (Py_ssize_t)W * 8, "little");
    if (!raw)
        return -1;
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(raw);
    for (int w = 0; w < W; w++) {
        word x = 0;
        for (int i = 7; i >= 0; i--)
            x = (x << 8) | b[w * 8 + i];
        out[w] = x;
    }
    Py_DECREF(raw);
    return 0;
}

/* reach(start, allowance, enter, stop, ends) -> the sorted end hexes (see movement.reach_hexes) */
static PyObject *Hexes_reach(Hexes *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "reach(start, allowance, enter, stop, ends)");
        return NULL;
    }
    int n = self->n, W = self->words, start, ma;
    if (as_int(args[0], 0, n - 1, "start", &start) || as_int(args[1], 0, MAX_ALLOWANCE, "allowance", &ma))
        return NULL;
    if (self->levels < ma + 1) {
        word *grown = PyMem_Realloc(self->buf, sizeof(word) * (size_t)W * (6 + ma + 1));
        if (!grown)
            return PyErr_NoMemory();
        self->buf = grown;
        self->levels = ma + 1;
    }
    word *enter = self->buf, *stop = enter + W, *ends = stop + W, *seen = ends + W, *fresh = seen + W,
         *go = fresh + W, *nbs = go + W;
    if (read_mask(args[2], W, enter) || read_mask(args[3], W, stop) || read_mask(args[4], W, ends))
        return NULL;
    memset(seen, 0, sizeof(word) * W);
    seen[start / 64] = (word)1 << (start % 64);
    memcpy(nbs, self->adj + (size_t)start * W, sizeof(word) * W);
    for (int k = 1; k <= ma; k++) {
        memset(fresh, 0, sizeof(word) * W);
        for (int c = 0; c < self->costs && self->cost_of[c] <= k; c++) {
            const word *from = nbs + (size_t)(k - self->cost_of[c]) * W, *cm = self->cost_mask + (size_t)c * W;
            for (int w = 0; w < W; w++)
                fresh[w] |= from[w] & cm[w];
        }
        for (int w = 0; w < W; w++) {
            fresh[w] &= enter[w] & ~seen[w];
            seen[w] |= fresh[w];
        }
        if (k < ma) {
            word *nb = nbs + (size_t)k * W;
            memset(nb, 0, sizeof(word) * W);
            for (int w = 0; w < W; w++) {
                word g = fresh[w] & ~stop[w];
                while (g) {
                    int i = w * 64 + lowest_bit(g);
                    const word *a = self->adj + (size_t)i * W;
                    for (int v = 0; v < W; v++)
                        nb[v] |= a[v];
                    g &= g - 1;
                }
            }
        }
    }
    seen[start / 64] &= ~((word)1 << (start % 64));
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    for (int w = 0; w < W; w++) {
        word g = seen[w] & ends[w];
        while (g) {
            PyObject *v = PyLong_FromLong(w * 64 + lowest_bit(g));
            if (!v || PyList_Append(out, v) < 0) {
                Py_XDECREF(v);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(v);
            g &= g - 1;
        }
    }
    return out;
}

static PyMethodDef Hexes_methods[] = {
    {"reach", (PyCFunction)(void (*)(void))Hexes_reach, METH_FASTCALL,
     "reach(start, allowance, enter, stop, ends) -> sorted end hexes"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HexesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "genkit.engine._nodes.Hexes",
    .tp_basicsize = sizeof(Hexes),
    .tp_dealloc = (destructor)Hexes_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Hexes(adjacent, cost): the search of a unit without a facing over one map's hexes",
    .tp_methods = Hexes_methods,
    .tp_init = (initproc)Hexes_init,
    .tp_new = PyType_GenericNew,
};

/* ---------------------------------------------------------------- Picker */

typedef struct {
    PyObject_HEAD
    PyObject *items;    /* a tuple: the item of each bit */
    Py_ssize_t n;
} Picker;

static void Picker_dealloc(Picker *self) {
    Py_XDECREF(self->items);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Picker(items): items[h] for bit h */
static int Picker_init(Picker *self, PyObject *args, PyObject *kwds) {
    PyObject *items;
    (void)kwds;
    if (self->items) {
        PyErr_SetString(PyExc_TypeError, "Picker: built once");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O", &items))
        return -1;
    self->items = PySequence_Tuple(items);
    if (!self->items)
        return -1;
    self->n = PyTuple_GET_SIZE(self->items);
    return 0;
}

/* picker(mask) -> [items[h] for each set bit h of mask, ascending]; mask < 2 ** len(items) */
static PyObject *Picker_call(Picker *self, PyObject *args, PyObject *kwds) {
    PyObject *mask;
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "picker(mask)");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O", &mask))
        return NULL;
    if (!PyLong_Check(mask)) {
        PyErr_SetString(PyExc_TypeError, "picker(mask): an int");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    int zero = PyObject_Not(mask);
    if (zero < 0) {
        Py_DECREF(out);
        return NULL;
    }
    if (zero)
        return out;
    Py_ssize_t nbytes = (self->n + 7) / 8;
    PyObject *raw = PyObject_CallMethod(mask, "to_bytes", "ns", nbytes, "little");
    if (!raw) {
        Py_DECREF(out);
        return NULL;
    }
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(raw);
    for (Py_ssize_t o = 0; o < nbytes; o++) {
        unsigned int v = b[o];
        while (v) {
            Py_ssize_t h = o * 8 + lowest_bit((uint64_t)v);
            v &= v - 1;
            if (h >= self->n) {
                Py_DECREF(raw);
                Py_DECREF(out);
                PyErr_SetString(PyExc_IndexError, "picker(mask): a bit past the items");
                return NULL;
            }
            if (PyList_Append(out, PyTuple_GET_ITEM(self->items, h)) < 0) {
                Py_DECREF(raw);
                Py_DECREF(out);
                return NULL;
            }
        }
    }
    Py_DECREF(raw);
    return out;
}

static PyTypeObject PickerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "genkit.engine._nodes.Picker",
    .tp_basicsize = sizeof(Picker),
    .tp_dealloc = (destructor)Picker_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Picker(items): picker(mask) lists items[h] for each set bit h of mask, ascending",
    .tp_call = (ternaryfunc)Picker_call,
    .tp_init = (initproc)Picker_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_nodes",
    .m_doc = "The move searches of a unit with and without a facing, compiled.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__nodes(void) {
    if (PyType_Ready(&NodesType) < 0 || PyType_Ready(&HexesType) < 0 || PyType_Ready(&PickerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&NodesType);
    if (PyModule_AddObject(m, "Nodes", (PyObject *)&NodesType) < 0) {
        Py_DECREF(&NodesType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&HexesType);
    if (PyModule_AddObject(m, "Hexes", (PyObject *)&HexesType) < 0) {
        Py_DECREF(&HexesType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&PickerType);
    if (PyModule_AddObject(m, "Picker", (PyObject *)&PickerType) < 0) {
        Py_DECREF(&PickerType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "VERSION", NODES_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
