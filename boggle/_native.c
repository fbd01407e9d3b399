/* The native search core: the walk of boggle/solver.py's search_python, in C.
 *
 * One entry point, walk(), in three modes: every word with its first path as a dict
 * (the Search interface), the same words already ranked as FoundWord tuples (what
 * solve() returns, built here because building and sorting a few hundred Python
 * objects in Python costs more than the walk itself), or only the total score and
 * the number of words (for rating and searching boards, thousands of solves a
 * second). The Python module boggle/solver.py prepares the arguments and is the only
 * caller; its search_python is the reference this walk is held equal to, down to the
 * first path found for each word.
 *
 * The word graph is read in place through the buffer protocol (the dictionary's
 * array('i'), shared by forked workers, is never copied), and the interpreter lock is
 * released for the whole walk, so threads search in parallel. The table's row width
 * (stride) and its bit-set column are arguments, not constants: a larger alphabet
 * widens the table without a change here.
 *
 * The walk itself, and what it needs, is boggle/walk.c, included here: the browser's
 * build (boggle/walk_wasm.c, compiled to WebAssembly) includes the same file, so the
 * page searches as the server does. This file is the Python side: it reads the
 * arguments, lays out the board, and builds the answer's objects.
 *
 * Choices and their reasons (the walk's are in boggle/walk.c):
 * - The per-cell tables and the first hash table of a board up to 8x8 are one block on
 *   the stack: setting up a 4x4 walk allocates nothing.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "walk.c"

#define MAX_CELLS 65535
/* Bytes of the stack a call uses for its per-cell tables and first hash table: enough
 * for an 8x8 board, so that the boards people play cost no allocation to set up. */
#define SCRATCH_BYTES 16384

enum { MODE_PATHS = 0, MODE_RANKED = 1, MODE_SCORE = 2 };

/* --- Python objects, built once the walk is over --------------------------------- */

static PyObject *
word_object(const Walk *w, const Found *f)
{
    PyObject *text = PyUnicode_New(f->length, 127);
    if (text != NULL) {
        memcpy(PyUnicode_1BYTE_DATA(text), w->text + f->text, f->length);
    }
    return text;
}

static PyObject *
path_object(const Walk *w, const Found *f, PyObject *cells)
{
    PyObject *path = PyTuple_New(f->cubes);
    if (path == NULL) {
        return NULL;
    }
    for (int i = 0; i < f->cubes; i++) {
        PyObject *cell = PyTuple_GET_ITEM(cells, w->paths[f->path + i]);
        Py_INCREF(cell);
        PyTuple_SET_ITEM(path, i, cell);
    }
    /* Cells are pairs of ints, so a path can hold no cycle: the collector need not
     * look at it (as it would itself decide, after scanning it once). A 30x30 board
     * makes some 20,000 such tuples, and the collections they trigger scan every
     * tracked one. */
    PyObject_GC_UnTrack(path);
    return path;
}

static PyObject *
paths_dict(const Walk *w, PyObject *cells)
{
    PyObject *found = PyDict_New();
    if (found == NULL) {
        return NULL;
    }
    for (uint32_t i = 0; i < w->found_count; i++) {
        PyObject *word = word_object(w, &w->found[i]);
        PyObject *path = word ? path_object(w, &w->found[i], cells) : NULL;
        int failed = path == NULL || PyDict_SetItem(found, word, path) < 0;
        Py_XDECREF(word);
        Py_XDECREF(path);
        if (failed) {
            Py_DECREF(found);
            return NULL;
        }
    }
    return found;
}

static PyObject *
ranked_tuple(const Walk *w, PyObject *cells, const int *scores, int longest_scored,
             PyTypeObject *found_word)
{
    Rank *order = malloc(((size_t)w->found_count + 1) * 2 * sizeof(Rank));
    if (order == NULL) {
        return PyErr_NoMemory();
    }
    Rank *sorted = rank_words(w, scores, longest_scored, order);
    PyObject *result = PyTuple_New(w->found_count);
    for (uint32_t i = 0; result != NULL && i < w->found_count; i++) {
        const Found *f = &w->found[sorted[i].index];
        PyObject *word = word_object(w, f);
        PyObject *score = word ? PyLong_FromLong(sorted[i].score) : NULL;
        PyObject *path = score ? path_object(w, f, cells) : NULL;
        /* A FoundWord is a tuple subclass without slots of its own: allocated as
         * tuple.__new__(FoundWord, ...) allocates it, and filled in place. It is left
         * untracked by the collector (a word, a number and a path hold no cycle), so
         * it is allocated untracked and not cleared first: every item is set here. */
        PyObject *item = path ? (PyObject *)PyObject_GC_NewVar(PyTupleObject, found_word, 3)
                              : NULL;
        if (item == NULL) {
            Py_XDECREF(word);
            Py_XDECREF(score);
            Py_XDECREF(path);
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(item, 0, word);
        PyTuple_SET_ITEM(item, 1, score);
        PyTuple_SET_ITEM(item, 2, path);
        PyTuple_SET_ITEM(result, i, item);
    }
    free(order);
    return result;
}

/* --- The entry point ------------------------------------------------------------- */

static int
read_int(PyObject *value, const char *name, long low, long high, long *out)
{
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld, not %ld", name, low, high,
                     number);
        return -1;
    }
    *out = number;
    return 0;
}

static int
read_seconds(PyObject *value, const char *name, double *out)
{
    if (value == Py_None) {
        *out = -1.0;
        return 0;
    }
    double seconds = PyFloat_AsDouble(value);
    if (seconds == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    if (!(seconds >= 0.0)) {
        PyErr_Format(PyExc_ValueError, "%s must be a number of seconds, 0 or more", name);
        return -1;
    }
    *out = seconds;
    return 0;
}

/* The first `count` points of the scores tuple, each a whole number from 0 to 10^6. */
static int
read_scores(PyObject *tuple, int count, int *scores)
{
    for (int i = 0; i < count; i++) {
        long points;
        if (read_int(PyTuple_GET_ITEM(tuple, i), "a score", 0, 1000000, &points)) {
            return -1;
        }
        scores[i] = (int)points;
    }
    return 0;
}

PyDoc_STRVAR(walk_doc,
"walk(mode, table, stride, root, terminal_limit, mask_column, rows, cols, column_of,\n"
"     faces, min_length, budget, ceiling, cells, scores, found_word, compact)\n"
"\n"
"Search a board in the word graph `table` (32-bit entries, rows of `stride`).\n"
"`faces` holds each cell's face, `column_of` maps a face to its table column (255\n"
"for a blank); `cells` each cell's (row, col); `scores` the points by word length;\n"
"`found_word` the FoundWord type. Mode 0: {word: path}; 1: FoundWords ranked by\n"
"score, then alphabetically; 2: (total score, word count). None if the budget\n"
"(CPU seconds of this thread) or the ceiling (wall-clock seconds) passed first.\n"
"`compact` is None or the same graph's compact form, (nodes, root, terminal_limit)\n"
"with nodes unsigned 32-bit, which mode 2 walks instead when the table has a\n"
"bit-set column.");

static PyObject *
walk(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 17) {
        PyErr_Format(PyExc_TypeError, "walk() takes 17 arguments (%zd given)", nargs);
        return NULL;
    }
    long mode, stride, root, terminal_limit, mask_column, rows, cols, min_length;
    double budget, ceiling;
    if (read_int(args[0], "mode", MODE_PATHS, MODE_SCORE, &mode) ||
        read_int(args[2], "stride", 2, 4096, &stride) ||
        read_int(args[3], "root", 0, INT32_MAX, &root) ||
        read_int(args[4], "terminal_limit", 0, INT32_MAX, &terminal_limit) ||
        read_int(args[5], "mask_column", -1, stride - 1, &mask_column) ||
        read_int(args[6], "rows", 1, MAX_CELLS, &rows) ||
        read_int(args[7], "cols", 1, MAX_CELLS, &cols) ||
        read_int(args[10], "min_length", 0, INT32_MAX, &min_length) ||
        read_seconds(args[11], "budget", &budget) || read_seconds(args[12], "ceiling", &ceiling)) {
        return NULL;
    }
    if (mask_column >= 0 && mask_column > 32) {
        /* The bit set must fit a 32-bit entry: bit c for each column c below it. */
        PyErr_Format(PyExc_ValueError, "mask_column %ld leaves more columns than a 32-bit "
                     "entry has bits; pass -1 to walk without it", mask_column);
        return NULL;
    }
    if (rows * cols > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "a board of %ld x %ld has more than %d cells", rows, cols,
                     MAX_CELLS);
        return NULL;
    }
    int cells_count = (int)(rows * cols);
    PyObject *column_of = args[8], *faces = args[9], *cells = args[13], *scores_arg = args[14];
    PyObject *found_word = args[15];
    if (!PyDict_Check(column_of)) {
        PyErr_SetString(PyExc_TypeError, "column_of must be a dict of faces to columns");
        return NULL;
    }
    if (!PyTuple_Check(faces) || PyTuple_GET_SIZE(faces) != cells_count) {
        PyErr_Format(PyExc_ValueError, "faces must be a tuple, one per cell (%d)", cells_count);
        return NULL;
    }
    if (mode != MODE_SCORE &&
        (!PyTuple_Check(cells) || PyTuple_GET_SIZE(cells) != cells_count)) {
        PyErr_Format(PyExc_ValueError, "cells must be a tuple, one per cell (%d)", cells_count);
        return NULL;
    }
    if (mode == MODE_RANKED &&
        (!PyType_Check(found_word) ||
         !PyType_IsSubtype((PyTypeObject *)found_word, &PyTuple_Type) ||
         ((PyTypeObject *)found_word)->tp_basicsize != PyTuple_Type.tp_basicsize)) {
        PyErr_SetString(PyExc_TypeError, "found_word must be a tuple subclass without slots");
        return NULL;
    }
    /* The points are read once the walk is over, up to the longest word found: the
     * table runs to the longest word a graph may hold (64 letters), and reading all of
     * it took as long as setting up the rest of a 4x4 walk. */
    int scores[256];
    int scores_count = 0;
    if (mode != MODE_PATHS) {
        if (!PyTuple_Check(scores_arg) || PyTuple_GET_SIZE(scores_arg) < 1 ||
            PyTuple_GET_SIZE(scores_arg) > 256) {
            PyErr_SetString(PyExc_ValueError, "scores must be a tuple of 1 to 256 numbers");
            return NULL;
        }
        scores_count = (int)PyTuple_GET_SIZE(scores_arg);
    }

    /* The compact form, read only by the score's own walk on a masked table. */
    PyObject *compact_arg = args[16];
    long compact_root = 0, compact_terminal_limit = 0;
    int use_compact = mode == MODE_SCORE && rows * cols <= 64 && mask_column >= 0 &&
                      compact_arg != Py_None;
    if (compact_arg != Py_None &&
        (!PyTuple_Check(compact_arg) || PyTuple_GET_SIZE(compact_arg) != 3)) {
        PyErr_SetString(PyExc_TypeError, "compact must be None or (nodes, root, "
                        "terminal_limit)");
        return NULL;
    }
    if (use_compact &&
        (read_int(PyTuple_GET_ITEM(compact_arg, 1), "the compact root", 0, UINT32_MAX,
                  &compact_root) ||
         read_int(PyTuple_GET_ITEM(compact_arg, 2), "the compact terminal_limit", 0,
                  UINT32_MAX, &compact_terminal_limit))) {
        return NULL;
    }
    Py_buffer compact_view = {0};
    if (use_compact) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(compact_arg, 0), &compact_view,
                               PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
            return NULL;
        }
        const char *compact_format = compact_view.format ? compact_view.format : "B";
        if (*compact_format == '@' || *compact_format == '=' || *compact_format == '<') {
            compact_format++;
        }
        /* A record is read whole (its bit set and up to 32 children) from any offset
         * up to compact_max: the array ends in 32 zero entries. */
        int64_t compact_entries = compact_view.len / 4;
        if (compact_view.itemsize != 4 ||
            (strcmp(compact_format, "I") != 0 && strcmp(compact_format, "L") != 0)) {
            PyBuffer_Release(&compact_view);
            PyErr_SetString(PyExc_TypeError, "the compact nodes must be 32-bit unsigned "
                            "integers");
            return NULL;
        }
        if (compact_entries < 34 || compact_entries - 33 > UINT32_MAX ||
            compact_root < 1 || compact_root > compact_entries - 33 ||
            compact_terminal_limit > compact_entries) {
            PyBuffer_Release(&compact_view);
            PyErr_SetString(PyExc_ValueError, "the compact root or terminal_limit lies "
                            "outside its nodes");
            return NULL;
        }
    }

    Py_buffer view;
    if (PyObject_GetBuffer(args[1], &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        if (use_compact) {
            PyBuffer_Release(&compact_view);
        }
        return NULL;
    }
    const char *format = view.format ? view.format : "B";
    if (*format == '@' || *format == '=' || *format == '<') {
        format++;
    }
    if (view.itemsize != 4 || (strcmp(format, "i") != 0 && strcmp(format, "l") != 0)) {
        PyBuffer_Release(&view);
        if (use_compact) {
            PyBuffer_Release(&compact_view);
        }
        PyErr_SetString(PyExc_TypeError, "the table must hold 32-bit signed integers");
        return NULL;
    }
    int64_t entries = view.len / 4;
    if (root + stride > entries || terminal_limit > entries) {
        PyBuffer_Release(&view);
        if (use_compact) {
            PyBuffer_Release(&compact_view);
        }
        PyErr_SetString(PyExc_ValueError, "root or terminal_limit lies outside the table");
        return NULL;
    }

    /* Everything the walk reads, copied out of Python objects before the lock goes,
     * in one block: on the stack up to SCRATCH_BYTES, else one allocation. The first
     * hash table holds 16 words a cell before it grows (random boards have 6 to 10 a
     * cell): it seldom grows, and is little to clear. Only what starts empty is
     * cleared (the moves, the path and the words found are written before they are
     * read). The score mode's words found start in the same block when it has room:
     * 12 a cell, so that most 4x4 and 5x5 boards need no allocation (a 6x6 board's
     * block has no room for them). */
    size_t n = (size_t)cells_count;
    int masked = mask_column >= 0;
    /* The score mode's own walk (score_from) needs no moves in order, but the cells
     * around each cell and those of each column, as bits. */
    int score_cells = mode == MODE_SCORE && n <= 64;
    int by_column = masked && !score_cells;
    uint32_t slot_count = 256;
    while (slot_count < 32 * n && slot_count < 65536) {
        slot_count *= 2;
    }
#define ROUND8(bytes) (((bytes) + 7) & ~(size_t)7)
    size_t cleared_size = ROUND8(n * sizeof(uint64_t)) /* reach */ +
                          ROUND8(n * MAX_FACE) /* letters */ +
                          ROUND8(n * MAX_FACE + MAX_FACE) /* word */ +
                          (by_column ? n * 32 : 0) /* moves_by_column */ +
                          (score_cells ? (n + 32) * sizeof(uint64_t) : 0) /* around, ... */ +
                          4 * ROUND8(n) /* face_length, move_count, used_bytes, column */ +
                          (size_t)slot_count * sizeof(uint32_t);
    size_t scratch_size = cleared_size + ROUND8(n * 8 * sizeof(uint32_t)) /* moves */ +
                          ROUND8(n * sizeof(uint16_t)) /* path */;
    size_t first_found = mode == MODE_SCORE ? 12 * n : 0;
    if (scratch_size + first_found * sizeof(Found) > SCRATCH_BYTES) {
        first_found = 0;
    }
    scratch_size += first_found * sizeof(Found);
    _Alignas(16) unsigned char stack_scratch[SCRATCH_BYTES];
    unsigned char *scratch = scratch_size <= SCRATCH_BYTES ? stack_scratch
                                                           : malloc(scratch_size);
    Walk w;
    memset(&w, 0, sizeof w);
    PyObject *result = NULL;
    if (scratch == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    memset(scratch, 0, cleared_size);
    unsigned char *next_free = scratch;
#define TAKE(bytes) (next_free += ROUND8(bytes), next_free - ROUND8(bytes))
    uint64_t *reach = (uint64_t *)TAKE(n * sizeof(uint64_t));
    char (*letters)[MAX_FACE] = (char (*)[MAX_FACE])TAKE(n * MAX_FACE);
    char *word = (char *)TAKE(n * MAX_FACE + MAX_FACE);
    uint8_t (*moves_by_column)[32] = (uint8_t (*)[32])TAKE(by_column ? n * 32 : 0);
    uint64_t *around = (uint64_t *)TAKE(score_cells ? n * sizeof(uint64_t) : 0);
    uint64_t *cells_of_column = (uint64_t *)TAKE(score_cells ? 32 * sizeof(uint64_t) : 0);
    uint8_t *face_length = TAKE(n);
    uint8_t *move_count = TAKE(n);
    uint8_t *used_bytes = TAKE(n);
    uint8_t *column = TAKE(n);
    uint32_t *slots = (uint32_t *)TAKE((size_t)slot_count * sizeof(uint32_t));
    /* The rest is written before it is read. */
    uint32_t *moves = (uint32_t *)TAKE(n * 8 * sizeof(uint32_t));
    uint16_t *path = (uint16_t *)TAKE(n * sizeof(uint16_t));
    w.found = (Found *)TAKE(first_found * sizeof(Found));
    w.found_capacity = (uint32_t)first_found;
#undef TAKE
#undef ROUND8
    for (int c = 0; c < cells_count; c++) {
        PyObject *face = PyTuple_GET_ITEM(faces, c);
        PyObject *code = PyDict_GetItemWithError(column_of, face);
        long number = -1;
        if (code != NULL) {
            number = PyLong_AsLong(code);
        }
        if (number < 0 || number > BLANK) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError) ||
                PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "cell %d: %R is not a face with a column", c,
                             face);
            }
            goto done;
        }
        column[c] = (uint8_t)number;
        if (column[c] == BLANK) {
            continue;
        }
        if (column[c] >= (mask_column >= 0 ? mask_column : stride)) {
            PyErr_Format(PyExc_ValueError, "cell %d has column %d, not a face column of a "
                         "table %ld wide", c, column[c], stride);
            goto done;
        }
        Py_ssize_t length;
        const char *text = PyUnicode_Check(face) ? PyUnicode_AsUTF8AndSize(face, &length) : NULL;
        if (text == NULL || length < 1 || length > MAX_FACE || !PyUnicode_IS_ASCII(face)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "cell %d: a face must be 1 to %d ASCII letters",
                         c, MAX_FACE);
            goto done;
        }
        memcpy(letters[c], text, length);
        face_length[c] = (uint8_t)length;
        if (score_cells && masked) { /* a face column of a masked table is below 32 */
            cells_of_column[column[c]] |= (uint64_t)1 << c;
        }
    }
    /* Moves in boggle.board.grid_neighbors' order, blanks left out. */
    list_moves((int)rows, (int)cols, column, reach, score_cells ? around : NULL,
               by_column ? moves_by_column : NULL, moves, move_count);

    w.table = (const int32_t *)view.buf;
    /* Offsets are 32-bit entries: no row starts past INT32_MAX, whatever the size. */
    w.max_node = (uint32_t)(entries - stride < INT32_MAX ? entries - stride : INT32_MAX);
    w.stride = (int)stride;
    w.mask_column = (int)mask_column;
    w.prefetch_column = mask_column >= 0 ? (int)mask_column : 0;
    w.terminal_limit = (int32_t)terminal_limit;
    w.cells = cells_count;
    w.column = column;
    w.letters = (const char (*)[MAX_FACE])letters;
    w.face_length = face_length;
    w.moves = moves;
    w.move_count = move_count;
    w.reach = reach;
    w.moves_by_column = (const uint8_t (*)[32])moves_by_column;
    w.around = score_cells ? around : NULL;
    w.cells_of_column = cells_of_column;
    w.used_bytes = used_bytes;
    w.word = word;
    w.path = path;
    w.min_length = (int)min_length;
    w.slots = slots;
    w.slot_mask = slot_count - 1;
    w.has_budget = budget >= 0.0;
    w.has_ceiling = ceiling >= 0.0;
    if (use_compact) {
        w.compact = (const uint32_t *)compact_view.buf;
        w.compact_max = (uint32_t)(compact_view.len / 4 - 33);
        w.compact_terminal_limit = (uint32_t)compact_terminal_limit;
    }

    Py_BEGIN_ALLOW_THREADS
    if (w.has_budget) {
        w.cpu_by = clock_seconds(CLOCK_THREAD_CPUTIME_ID) + budget;
    }
    if (w.has_ceiling) {
        w.wall_by = clock_seconds(CLOCK_MONOTONIC) + ceiling;
    }
    if (w.compact != NULL) {
        score_board_compact(&w, (uint32_t)compact_root);
    }
    else {
        walk_board(&w, (int32_t)root);
    }
    /* A walk shorter than CHECK_EVERY steps never read the clock: a budget of zero
     * must still be refused, as the Python side's alarm would. */
    if (w.halt == HALT_NONE && (w.has_budget || w.has_ceiling) && limit_passed(&w)) {
        w.halt = HALT_LIMIT;
    }
    Py_END_ALLOW_THREADS

    if (w.halt == HALT_LIMIT) {
        result = Py_NewRef(Py_None);
    }
    else if (w.halt == HALT_MEMORY) {
        PyErr_NoMemory();
    }
    else if (w.halt == HALT_CORRUPT) {
        PyErr_SetString(PyExc_ValueError, "the word graph's table is corrupt: an entry points "
                        "outside it");
    }
    else if (mode == MODE_PATHS) {
        result = paths_dict(&w, cells);
    }
    else if (read_scores(scores_arg, w.longest < scores_count ? w.longest + 1 : scores_count,
                         scores) < 0) {
        result = NULL;
    }
    else if (mode == MODE_RANKED) {
        result = ranked_tuple(&w, cells, scores, scores_count - 1, (PyTypeObject *)found_word);
    }
    else {
        long total = 0;
        for (uint32_t i = 0; i < w.found_count; i++) {
            total += score_of(scores, scores_count - 1, w.found[i].length);
        }
        /* Built directly, without Py_BuildValue's reading of a format string. */
        PyObject *points = PyLong_FromLong(total);
        PyObject *count = points ? PyLong_FromUnsignedLong(w.found_count) : NULL;
        result = count ? PyTuple_Pack(2, points, count) : NULL;
        Py_XDECREF(points);
        Py_XDECREF(count);
    }

done:
    free_walk(&w);
    if (scratch != stack_scratch) {
        free(scratch);
    }
    PyBuffer_Release(&view);
    if (use_compact) {
        PyBuffer_Release(&compact_view);
    }
    return result;
}

static PyMethodDef native_methods[] = {
    {"walk", (PyCFunction)(void (*)(void))walk, METH_FASTCALL, walk_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "boggle._native",
    .m_doc = "The native search core of boggle.solver (see boggle/_native.c).",
    .m_size = 0,
    .m_methods = native_methods,
};

PyMODINIT_FUNC
PyInit__native(void)
{
#ifdef HAVE_POPCNT_COPY
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) {
        score_compact_walk = score_compact_popcnt;
    }
#endif
    PyObject *module = PyModule_Create(&native_module);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MODE_PATHS", MODE_PATHS) < 0 ||
        PyModule_AddIntConstant(module, "MODE_RANKED", MODE_RANKED) < 0 ||
        PyModule_AddIntConstant(module, "MODE_SCORE", MODE_SCORE) < 0 ||
        PyModule_AddIntConstant(module, "BLANK", BLANK) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
