/* The movement search of a unit with a facing (genkit/engine/movement.py, reach_nodes) in C:
 * the same answers as the Python function, which stays the reference and the fallback where
 * this module was not built (no C compiler where genkit was installed). It is an accelerator
 * only: the rules decide in Python what each hex costs to enter and where zones of control
 * stop a move, and hand those tables over; this file knows nodes (hex * 6 + facing), the step
 * forward and the two turns out of each, nothing of terrain, units or sides.
 *
 * The search is the bucket Dijkstra of the Python one, level by level of movement points spent;
 * the nodes reached are the same whatever order a level is read in, and come back sorted.
 *
 * An editable install (pip install -e .) compiles this file into the source tree: after
 * editing it, run that command again. tests/engine/test_compiled_nodes.py holds it to the
 * Python search. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define NODES_VERSION 1
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

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_nodes",
    .m_doc = "The movement search of a unit with a facing, compiled.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__nodes(void) {
    if (PyType_Ready(&NodesType) < 0)
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
    if (PyModule_AddIntConstant(m, "VERSION", NODES_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
