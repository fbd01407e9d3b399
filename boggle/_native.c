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
 * compact form, an array('I'), or its table, an array('i'), where it has no compact
 * form; shared by forked workers, never copied), and the interpreter lock is released
 * for the whole walk, so threads search in parallel. The table's row width (stride)
 * and its bit-set column are arguments, not constants: a larger alphabet widens the
 * table without a change here.
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

/* Borrow ``object``'s buffer, which must be C-contiguous 32-bit integers in this
 * machine's byte order (signed or not, as ``is_signed`` says): an array's "i" or "I", a
 * memoryview's "=I" or "<I". Otherwise TypeError with ``message``, nothing held, -1. */
static int
get_int32_buffer(PyObject *object, Py_buffer *view, int is_signed, const char *message)
{
    if (PyObject_GetBuffer(object, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    if (*format == '@' || *format == '=' || *format == '<') {
        format++;
    }
    const char *word = is_signed ? "i" : "I", *long_word = is_signed ? "l" : "L";
    if (view->itemsize != 4 || (strcmp(format, word) != 0 && strcmp(format, long_word) != 0)) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, message);
        return -1;
    }
    return 0;
}

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
"with nodes unsigned 32-bit, which every mode walks instead of the table when the\n"
"table has a bit-set column (mask_column 0 to 32): `table` is then not read, and may\n"
"be None.");

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

    /* The compact form, walked in every mode where the graph has the bit set: the
     * table is then not read (the server need not build it, nor keep its 128-byte
     * rows). */
    PyObject *compact_arg = args[16];
    long compact_root = 0, compact_terminal_limit = 0;
    int use_compact = mask_column >= 0 && compact_arg != Py_None;
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
        if (get_int32_buffer(PyTuple_GET_ITEM(compact_arg, 0), &compact_view, 0,
                             "the compact nodes must be 32-bit unsigned integers")) {
            return NULL;
        }
        /* A record is read whole (its bit set and up to 32 children) from any offset
         * up to compact_max: the array ends in 32 zero entries. */
        int64_t compact_entries = compact_view.len / 4;
        if (compact_entries < 34 || compact_entries - 33 > UINT32_MAX ||
            compact_root < 1 || compact_root > compact_entries - 33 ||
            compact_terminal_limit > compact_entries) {
            PyBuffer_Release(&compact_view);
            PyErr_SetString(PyExc_ValueError, "the compact root or terminal_limit lies "
                            "outside its nodes");
            return NULL;
        }
    }

    /* The table, read only without the compact form. */
    Py_buffer view = {0};
    int64_t entries = 0;
    if (!use_compact) {
        if (args[1] == Py_None) {
            PyErr_SetString(PyExc_TypeError, "the table is needed without a compact form to "
                            "walk (compact None, or mask_column -1)");
            return NULL;
        }
        if (get_int32_buffer(args[1], &view, 1, "the table must hold 32-bit signed integers")) {
            return NULL;
        }
        entries = view.len / 4;
        if (root + stride > entries || terminal_limit > entries) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "root or terminal_limit lies outside the table");
            return NULL;
        }
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

    w.table = (const int32_t *)view.buf; /* NULL with the compact form */
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
    if (w.compact != NULL && w.around != NULL) {
        score_board_compact(&w, (uint32_t)compact_root);
    }
    else if (w.compact != NULL) {
        walk_board_compact(&w, (uint32_t)compact_root);
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
        PyErr_SetString(PyExc_ValueError, use_compact ? "the compact graph is corrupt: an entry "
                                                        "points outside it"
                                                      : "the word graph's table is corrupt: an "
                                                        "entry points outside it");
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
    if (use_compact) {
        PyBuffer_Release(&compact_view);
    }
    else {
        PyBuffer_Release(&view);
    }
    return result;
}

/* --- Every face at one cube, in one walk (the search for rich boards) ----------- */

/* score_faces() scores the boards that differ from one board at one cube only (the
 * `wild` cube), one board for each face offered there, in one walk of the compact
 * graph. The walk steps onto the wild cube with each offered face its node leads on
 * by, and tags each word found with the face its path put there (NO_FACE: the path
 * does not pass through it). A board's words are then the untagged ones and those of
 * its own tag that are not among the untagged. On the richest 5x5 boards the walk
 * costs 1.5 to 5 plain walks for some 25 boards (paths that miss the wild cube are
 * walked once for all of them): the search for rich boards (boggle/rich.py) weighs
 * every letter of a cube for the price of a few boards. Its reference is
 * boggle/solver.py's score_faces_python, the same walk on the table, and through it
 * score_board on each board.
 *
 * It reads only what the score walk above reads (the compact graph, the faces'
 * columns, chunk_of and hash_word for the words), and keeps its own state: nothing
 * of the Walk is shared, so it moves as one block. Boards of at most 64 cells (the
 * caller scores larger ones a board at a time).
 *
 * score_faces_numbered() is the same walk where the caller gives each word a number
 * along the graph (boggle/solver.py's word_steps): a word found is then a stamp in an
 * array kept between calls, where score_faces() cuts its letters into chunks, hashes,
 * probes and copies them, a fifth of a call's instructions on the boards of a 5x5
 * search, and looks each tagged one up again at the end (benchmarks/README.md). */

/* The tag of a word whose path misses the wild cube. */
#define NO_FACE 255
/* The hash table's first size, a power of two. */
#define FACES_FIRST_SLOTS 16384

typedef struct {
    uint64_t prefix; /* its first 8 letters, zero-padded */
    uint32_t hash;   /* of its letters alone (hash_word): the same for every tag */
    uint32_t text;   /* offset of its letters in the text arena, when longer than 8 */
    uint16_t length;
    uint8_t tag;     /* the face's index in the offered faces, or NO_FACE */
} Tagged;

/* A word's stamp in the numbered walk: the call that last found it (its epoch, odd
 * where a path that misses the wild cube found it) and the tags it was found with. */
typedef struct {
    uint32_t epoch;
    uint32_t tags;
} FacesStamp;

/* A word the numbered walk found, in the order first found: its number and length. */
typedef struct {
    uint32_t number;
    uint32_t length;
} FacesHit;

/* What the numbered walk keeps between calls: a stamp per word of the largest list
 * seen (1.4 MB for ENABLE2K's 173k words), and the list of words found. Setting 1.4 MB
 * to zero, or the page faults of a fresh block, would cost a call a third of its walk;
 * an epoch a call makes old stamps stale instead. */
typedef struct {
    FacesStamp *stamps;
    uint32_t size;
    uint32_t epoch; /* even; a call's own is 2 more than the last call's */
    FacesHit *hits;
    size_t hit_capacity;
} FacesScratch;

typedef struct {
    const uint32_t *nodes;
    uint32_t max;   /* the largest offset a record may start at */
    uint32_t terminal_limit;
    /* The numbered walk's (steps not NULL): per child entry of `nodes`, what stepping
     * to that child adds to the number of the word spelt, so that a path's sum is the
     * word's number, below `words` (boggle/solver.py's word_steps). */
    const uint32_t *steps;
    uint32_t words;
    FacesStamp *stamps;
    uint32_t epoch;
    FacesHit *hits;
    uint32_t hit_count;
    size_t hit_capacity;
    int wild;
    int min_length;
    const uint8_t *column;              /* per cell; BLANK for a blank */
    const char (*letters)[MAX_FACE];
    const uint8_t *face_length;
    const uint64_t *around;             /* per cell: the cells around, blanks left out */
    const uint64_t *cells_of_column;    /* 32: the cells of each column, the wild in
                                         * each offered one */
    const uint64_t *reach;              /* per cell: the columns around (all offered
                                         * ones beside the wild cube) */
    uint32_t offered;                   /* the offered faces' columns, as bits */
    uint8_t tag_of_column[32];
    char offered_letters[32][MAX_FACE]; /* by column */
    uint8_t offered_length[32];
    char *word;
    Tagged *found;
    uint32_t found_count, found_capacity;
    uint32_t *slots; /* index + 1 into found, 0 for empty */
    uint32_t slot_mask;
    char *text;
    size_t text_length, text_capacity;
    int longest;
    int halt;
} FacesWalk;

/* Where a word's hash and tag start their probe: each tag its own sequence. */
static inline uint32_t
tagged_slot(uint32_t hash, int tag, uint32_t mask)
{
    return (hash ^ ((uint32_t)tag * 0x9E3779B1u)) & mask;
}

/* The slot holding the word spelt (`length` letters, its `prefix` and `hash`) with
 * `tag`, or the empty slot where it would go. */
static inline uint32_t
tagged_probe(const FacesWalk *f, const char *word, int length, uint64_t prefix,
             uint32_t hash, int tag)
{
    uint32_t slot = tagged_slot(hash, tag, f->slot_mask);
    uint32_t index;
    while ((index = f->slots[slot]) != 0) {
        const Tagged *t = &f->found[index - 1];
        if (t->hash == hash && t->tag == tag && t->prefix == prefix && t->length == length &&
            (length <= 8 || memcmp(f->text + t->text + 8, word + 8, length - 8) == 0)) {
            break;
        }
        slot = (slot + 1) & f->slot_mask;
    }
    return slot;
}

static int
tagged_rehash(FacesWalk *f)
{
    uint32_t size = (f->slot_mask + 1) * 2;
    uint32_t *slots = calloc(size, sizeof(uint32_t));
    if (slots == NULL) {
        return -1;
    }
    for (uint32_t i = 0; i < f->found_count; i++) {
        uint32_t slot = tagged_slot(f->found[i].hash, f->found[i].tag, size - 1);
        while (slots[slot]) {
            slot = (slot + 1) & (size - 1);
        }
        slots[slot] = i + 1;
    }
    free(f->slots);
    f->slots = slots;
    f->slot_mask = size - 1;
    return 0;
}

/* Keep the word spelt so far (`length` letters) with `tag`, unless kept before. */
static void
tagged_record(FacesWalk *f, int length, int tag)
{
    const char *word = f->word;
    uint64_t prefix = chunk_of(word, length);
    uint32_t hash = hash_word(word, length, prefix);
    uint32_t slot = tagged_probe(f, word, length, prefix, hash, tag);
    if (f->slots[slot] != 0) {
        return;
    }
    size_t capacity = f->found_capacity;
    if (grow((void **)&f->found, &capacity, (size_t)f->found_count + 1, sizeof(Tagged),
             FACES_FIRST_SLOTS / 2) ||
        (length > 8 &&
         grow((void **)&f->text, &f->text_capacity, f->text_length + length, 1, 4096))) {
        f->halt = HALT_MEMORY;
        return;
    }
    f->found_capacity = (uint32_t)capacity;
    Tagged *t = &f->found[f->found_count];
    t->prefix = prefix;
    t->hash = hash;
    t->length = (uint16_t)length;
    t->tag = (uint8_t)tag;
    t->text = (uint32_t)f->text_length;
    if (length > 8) {
        memcpy(f->text + f->text_length, word, length);
        f->text_length += length;
    }
    if (length > f->longest) {
        f->longest = length;
    }
    f->slots[slot] = ++f->found_count;
    if (f->found_count * 2 > f->slot_mask && tagged_rehash(f)) {
        f->halt = HALT_MEMORY;
    }
}

/* Keep word `number` (`length` letters) as found with `tag`: its stamp says so, and the
 * first finding of a call lists it. No letters are read, hashed or copied. */
static inline __attribute__((always_inline)) void
stamped_record(FacesWalk *f, uint32_t number, int length, int tag)
{
    if (number >= f->words) {
        f->halt = HALT_CORRUPT;
        return;
    }
    FacesStamp *stamp = &f->stamps[number];
    if ((stamp->epoch | 1) != (f->epoch | 1)) {
        if (f->hit_count == f->hit_capacity &&
            grow((void **)&f->hits, &f->hit_capacity, (size_t)f->hit_count + 1,
                 sizeof(FacesHit), FACES_FIRST_SLOTS / 2)) {
            f->halt = HALT_MEMORY;
            return;
        }
        f->hits[f->hit_count].number = number;
        f->hits[f->hit_count++].length = (uint32_t)length;
        stamp->epoch = f->epoch;
        stamp->tags = 0;
        if (length > f->longest) {
            f->longest = length;
        }
    }
    if (tag == NO_FACE) {
        stamp->epoch = f->epoch | 1;
    } else {
        stamp->tags |= (uint32_t)1 << tag;
    }
}

/* The cells a step from `cell` may go on to, where the node reached leads on by the
 * columns `mask` and `used` are the cells on the path (next_cells, with the wild
 * cube among the cells of every offered column). */
static inline __attribute__((always_inline)) uint64_t
faces_next(const FacesWalk *f, int cell, uint32_t mask, uint64_t used)
{
    uint64_t of_columns = 0;
    uint32_t columns = mask & (uint32_t)f->reach[cell];
    while (columns) {
        of_columns |= f->cells_of_column[__builtin_ctz(columns)];
        columns &= columns - 1;
    }
    return f->around[cell] & ~used & of_columns;
}

typedef void FacesFrom(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells,
                       uint64_t used, int length, int tag, uint32_t number);

/* The walk on from the record at `node` (bit set `mask`) onto each of `cells`: the
 * wild cube once for each offered face the node leads on by, the others once. Every
 * child record is found and fetched first, as score_compact does: the walk waits on
 * memory, and the fetches then overlap. Compiled twice on x86, as score_compact is:
 * the child's index is a popcount. `numbered` (a constant in each copy): the words
 * are known by their numbers (`number`, the path's so far) and stamped, not spelt and
 * kept in the letters' table. */
static inline __attribute__((always_inline)) void
faces_from(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
           int length, int tag, uint32_t number, FacesFrom *self, const int numbered)
{
    const uint32_t *nodes = f->nodes;
    /* Up to 7 cubes around and the wild one's 32 faces (from the root, one cube). */
    uint32_t children[40], numbers[40];
    uint8_t steps[40], columns[40];
    int count = 0;
    while (cells) {
        int cell = __builtin_ctzll(cells);
        cells &= cells - 1;
        uint32_t shown = cell == f->wild ? mask & f->offered : (uint32_t)1 << f->column[cell];
        while (shown) {
            int column = __builtin_ctz(shown);
            shown &= shown - 1;
            uint32_t child;
            if (numbered) {
                uint32_t entry =
                    node + 1 + (uint32_t)__builtin_popcount(mask & ((1u << column) - 1));
                child = nodes[entry];
                numbers[count] = number + f->steps[entry];
            } else {
                child = compact_child(nodes, node, mask, column);
            }
            if (child - 1 >= f->max) { /* a set bit always has a child; 0 wraps past max */
                f->halt = HALT_CORRUPT;
                return;
            }
            children[count] = child;
            steps[count] = (uint8_t)cell;
            columns[count++] = (uint8_t)column;
            __builtin_prefetch(nodes + child);
        }
    }
    for (int i = 0; i < count; i++) {
        uint32_t child = children[i];
        int cell = steps[i], column = columns[i];
        int wild = cell == f->wild;
        int reached = length + (wild ? f->offered_length[column] : f->face_length[cell]);
        if (!numbered) {
            memcpy(f->word + length, wild ? f->offered_letters[column] : f->letters[cell],
                   MAX_FACE);
        }
        int on_tag = wild ? f->tag_of_column[column] : tag;
        if (child < f->terminal_limit && reached >= f->min_length) {
            if (numbered) {
                stamped_record(f, numbers[i], reached, on_tag);
            } else {
                tagged_record(f, reached, on_tag);
            }
            if (f->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t child_mask = nodes[child];
        uint64_t on = used | (uint64_t)1 << cell;
        uint64_t after = faces_next(f, cell, child_mask, on);
        if (after) {
            self(f, child, child_mask, after, on, reached, on_tag, numbered ? numbers[i] : 0);
            if (f->halt != HALT_NONE) {
                return;
            }
        }
    }
}

static void
faces_plain(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
            int length, int tag, uint32_t number)
{
    faces_from(f, node, mask, cells, used, length, tag, number, faces_plain, 0);
}

static void
faces_plain_numbered(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells,
                     uint64_t used, int length, int tag, uint32_t number)
{
    faces_from(f, node, mask, cells, used, length, tag, number, faces_plain_numbered, 1);
}

#ifdef HAVE_POPCNT_COPY
__attribute__((target("popcnt"))) static void
faces_popcnt(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
             int length, int tag, uint32_t number)
{
    faces_from(f, node, mask, cells, used, length, tag, number, faces_popcnt, 0);
}

__attribute__((target("popcnt"))) static void
faces_popcnt_numbered(FacesWalk *f, uint32_t node, uint32_t mask, uint64_t cells,
                      uint64_t used, int length, int tag, uint32_t number)
{
    faces_from(f, node, mask, cells, used, length, tag, number, faces_popcnt_numbered, 1);
}
#endif

/* The copies of the faces walk this processor runs (set when the module is loaded). */
static FacesFrom *faces_walk = faces_plain;
static FacesFrom *faces_numbered_walk = faces_plain_numbered;

/* The scratch the numbered walk keeps between calls, and whether a call holds it: a
 * call that finds it held (another thread's, the interpreter lock released) takes a
 * scratch of its own for the call. */
static FacesScratch faces_scratch;
static int faces_scratch_held;

PyDoc_STRVAR(score_faces_doc,
"score_faces(nodes, root, terminal_limit, column_of, rows, cols, faces, min_length,\n"
"            scores, wild, offered)\n"
"\n"
"The (total score, word count) of each board that `faces` makes with the wild cell's\n"
"face replaced by each of `offered`, in their order, from one walk of the compact\n"
"graph `nodes` (unsigned 32-bit; `root` and `terminal_limit` as the walk's compact\n"
"argument). `column_of` maps a face to its column (255 for a blank); `scores` the\n"
"points by word length. Boards of at most 64 cells.");

/* score_faces() of its 11 arguments `args`, on the letters' table where `steps` is
 * NULL, else numbered by `steps` (`steps_entries` of them, one per entry of the nodes)
 * below `words`. */
static PyObject *
faces_score(PyObject *const *args, const uint32_t *steps, Py_ssize_t steps_entries,
            uint32_t words)
{
    long root, terminal_limit, rows, cols, min_length, wild;
    if (read_int(args[1], "root", 1, UINT32_MAX, &root) ||
        read_int(args[2], "terminal_limit", 0, UINT32_MAX, &terminal_limit) ||
        read_int(args[4], "rows", 1, 64, &rows) || read_int(args[5], "cols", 1, 64, &cols) ||
        read_int(args[7], "min_length", 0, INT32_MAX, &min_length)) {
        return NULL;
    }
    if (rows * cols > 64) {
        PyErr_Format(PyExc_ValueError, "a board of %ld x %ld has more than 64 cells", rows,
                     cols);
        return NULL;
    }
    int cells_count = (int)(rows * cols);
    if (read_int(args[9], "wild", 0, cells_count - 1, &wild)) {
        return NULL;
    }
    PyObject *column_of = args[3], *faces = args[6], *scores_arg = args[8];
    PyObject *offered = args[10];
    if (!PyDict_Check(column_of)) {
        PyErr_SetString(PyExc_TypeError, "column_of must be a dict of faces to columns");
        return NULL;
    }
    if (!PyTuple_Check(faces) || PyTuple_GET_SIZE(faces) != cells_count) {
        PyErr_Format(PyExc_ValueError, "faces must be a tuple, one per cell (%d)", cells_count);
        return NULL;
    }
    if (!PyTuple_Check(offered) || PyTuple_GET_SIZE(offered) < 1 ||
        PyTuple_GET_SIZE(offered) > 32) {
        PyErr_SetString(PyExc_ValueError, "offered must be a tuple of 1 to 32 faces");
        return NULL;
    }
    if (!PyTuple_Check(scores_arg) || PyTuple_GET_SIZE(scores_arg) < 1 ||
        PyTuple_GET_SIZE(scores_arg) > 256) {
        PyErr_SetString(PyExc_ValueError, "scores must be a tuple of 1 to 256 numbers");
        return NULL;
    }
    int scores_count = (int)PyTuple_GET_SIZE(scores_arg);
    int offered_count = (int)PyTuple_GET_SIZE(offered);

    FacesWalk f;
    memset(&f, 0, sizeof f);
    uint8_t column[64];
    char letters[64][MAX_FACE];
    uint8_t face_length[64];
    uint64_t around[64], reach[64], cells_of_column[32];
    char word[64 * MAX_FACE + MAX_FACE];
    memset(letters, 0, sizeof letters);
    memset(cells_of_column, 0, sizeof cells_of_column);
    memset(reach, 0, sizeof reach);
    memset(around, 0, sizeof around);
    memset(f.offered_letters, 0, sizeof f.offered_letters);
    /* Each face read as the walk reads it: a column below 32 (the compact graph's bit
     * set), 1 to MAX_FACE ASCII letters. The wild cell's own face is read too, and not
     * used. */
    for (int i = 0; i < cells_count + offered_count; i++) {
        int is_cell = i < cells_count;
        PyObject *face = is_cell ? PyTuple_GET_ITEM(faces, i)
                                 : PyTuple_GET_ITEM(offered, i - cells_count);
        PyObject *code = PyDict_GetItemWithError(column_of, face);
        long number = code != NULL ? PyLong_AsLong(code) : -1;
        int blank = number == BLANK && is_cell;
        if (number < 0 || (number >= 32 && !blank)) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError) ||
                PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "%s %d: %R is not a face with a column below 32",
                             is_cell ? "cell" : "offered face", is_cell ? i : i - cells_count,
                             face);
            }
            return NULL;
        }
        Py_ssize_t length = 0;
        const char *text = NULL;
        if (!blank) {
            text = PyUnicode_Check(face) ? PyUnicode_AsUTF8AndSize(face, &length) : NULL;
            if (text == NULL || length < 1 || length > MAX_FACE || !PyUnicode_IS_ASCII(face)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "a face must be 1 to %d ASCII letters", MAX_FACE);
                return NULL;
            }
        }
        if (is_cell) {
            column[i] = (uint8_t)number;
            if (!blank) {
                memcpy(letters[i], text, length);
                face_length[i] = (uint8_t)length;
                if (i != wild) {
                    cells_of_column[number] |= (uint64_t)1 << i;
                }
            }
            continue;
        }
        if ((f.offered >> number) & 1) {
            PyErr_Format(PyExc_ValueError, "offered face %R is offered twice", face);
            return NULL;
        }
        f.offered |= (uint32_t)1 << number;
        f.tag_of_column[number] = (uint8_t)(i - cells_count);
        memcpy(f.offered_letters[number], text, length);
        f.offered_length[number] = (uint8_t)length;
        cells_of_column[number] |= (uint64_t)1 << wild;
    }
    /* The wild cube is never blank: it shows an offered face. */
    column[wild] = 0;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int cell = r * (int)cols + c;
            for (int rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++) {
                for (int cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++) {
                    int next = rr * (int)cols + cc;
                    if (next == cell || (next != wild && column[next] == BLANK)) {
                        continue;
                    }
                    around[cell] |= (uint64_t)1 << next;
                    reach[cell] |= next == wild ? f.offered : (uint32_t)1 << column[next];
                }
            }
        }
    }

    Py_buffer view;
    if (get_int32_buffer(args[0], &view, 0, "the compact nodes must be 32-bit unsigned integers")) {
        return NULL;
    }
    int64_t entries = view.len / 4;
    /* A record is read whole from any offset up to max: the array ends in 32 zeros. */
    if (entries < 34 || entries - 33 > UINT32_MAX || root > entries - 33 ||
        terminal_limit > entries) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the compact root or terminal_limit lies outside "
                        "its nodes");
        return NULL;
    }
    f.nodes = (const uint32_t *)view.buf;
    f.max = (uint32_t)(entries - 33);
    f.terminal_limit = (uint32_t)terminal_limit;
    f.wild = (int)wild;
    f.min_length = (int)min_length;
    f.column = column;
    f.letters = (const char (*)[MAX_FACE])letters;
    f.face_length = face_length;
    f.around = around;
    f.reach = reach;
    f.cells_of_column = cells_of_column;
    f.word = word;
    PyObject *result = NULL;
    FacesScratch own = {0}, *scratch = NULL;
    if (steps != NULL) {
        if (steps_entries != entries) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "the steps must be one per entry of the nodes");
            return NULL;
        }
        /* The interpreter lock is held: at most one call sees the scratch free. */
        scratch = __atomic_exchange_n(&faces_scratch_held, 1, __ATOMIC_ACQUIRE) ? &own
                                                                                 : &faces_scratch;
        if (scratch->size < words) {
            free(scratch->stamps);
            scratch->size = 0;
            scratch->stamps = calloc(words, sizeof(FacesStamp));
            if (scratch->stamps == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            scratch->size = words;
            scratch->epoch = 0;
        }
        scratch->epoch += 2;
        if (scratch->epoch == 0) { /* wrapped round: every stamp could look this call's */
            memset(scratch->stamps, 0, scratch->size * sizeof(FacesStamp));
            scratch->epoch = 2;
        }
        f.steps = steps;
        f.words = words;
        f.stamps = scratch->stamps;
        f.epoch = scratch->epoch;
        f.hits = scratch->hits;
        f.hit_capacity = scratch->hit_capacity;
    } else {
        /* First sizes for the richest 5x5 boards (4,000 to 12,000 words and tags):
         * growing the table from a small one cost a tenth of the walk. */
        f.slot_mask = FACES_FIRST_SLOTS - 1;
        f.slots = calloc(FACES_FIRST_SLOTS, sizeof(uint32_t));
        if (f.slots == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }

    Py_BEGIN_ALLOW_THREADS
    uint32_t root_mask = f.nodes[root];
    uint64_t first = 0;
    for (int cell = 0; cell < cells_count; cell++) {
        int on_root = cell == wild ? (root_mask & f.offered) != 0
                                   : column[cell] != BLANK && ((root_mask >> column[cell]) & 1);
        first |= (uint64_t)on_root << cell;
    }
    /* A cube at a time from the root: a step's children are those of 8 cubes at most. */
    for (int cell = 0; cell < cells_count && f.halt == HALT_NONE; cell++) {
        if ((first >> cell) & 1) {
            (steps != NULL ? faces_numbered_walk : faces_walk)(
                &f, (uint32_t)root, root_mask, (uint64_t)1 << cell, 0, 0, NO_FACE, 0);
        }
    }
    Py_END_ALLOW_THREADS
    if (scratch != NULL) { /* the list may have grown: keep it for the next call */
        scratch->hits = f.hits;
        scratch->hit_capacity = f.hit_capacity;
    }

    if (f.halt == HALT_MEMORY) {
        PyErr_NoMemory();
        goto done;
    }
    if (f.halt == HALT_CORRUPT) {
        PyErr_SetString(PyExc_ValueError, "the compact graph is corrupt: an entry points "
                        "outside it");
        goto done;
    }
    int scores[256];
    int counted = f.longest < scores_count ? f.longest + 1 : scores_count;
    if (read_scores(scores_arg, counted, scores) < 0) {
        goto done;
    }
    /* The words of every board's own: the untagged, then each tag's not among them. */
    long base_points = 0, points[32] = {0};
    long base_words = 0, counts[32] = {0};
    for (uint32_t i = 0; i < f.hit_count; i++) {
        const FacesStamp *stamp = &f.stamps[f.hits[i].number];
        int score = score_of(scores, scores_count - 1, (int)f.hits[i].length);
        if (stamp->epoch & 1) {
            base_points += score;
            base_words++;
            continue;
        }
        for (uint32_t tags = stamp->tags; tags; tags &= tags - 1) {
            points[__builtin_ctz(tags)] += score;
            counts[__builtin_ctz(tags)]++;
        }
    }
    for (uint32_t i = 0; i < f.found_count; i++) {
        const Tagged *t = &f.found[i];
        int score = score_of(scores, scores_count - 1, t->length);
        if (t->tag == NO_FACE) {
            base_points += score;
            base_words++;
            continue;
        }
        const char *text = t->length > 8 ? f.text + t->text : NULL;
        uint32_t slot;
        if (text != NULL) {
            memcpy(f.word, text, t->length);
        }
        slot = tagged_probe(&f, f.word, t->length, t->prefix, t->hash, NO_FACE);
        if (f.slots[slot] == 0) {
            points[t->tag] += score;
            counts[t->tag]++;
        }
    }
    result = PyTuple_New(offered_count);
    for (int k = 0; result != NULL && k < offered_count; k++) {
        PyObject *pair = Py_BuildValue("(ll)", base_points + points[k], base_words + counts[k]);
        if (pair == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(result, k, pair);
    }

done:
    free(f.found);
    free(f.slots);
    free(f.text);
    if (scratch == &faces_scratch) {
        __atomic_store_n(&faces_scratch_held, 0, __ATOMIC_RELEASE);
    } else if (scratch == &own) {
        free(own.stamps);
        free(own.hits);
    }
    PyBuffer_Release(&view);
    return result;
}

static PyObject *
score_faces(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 11) {
        PyErr_Format(PyExc_TypeError, "score_faces() takes 11 arguments (%zd given)", nargs);
        return NULL;
    }
    return faces_score(args, NULL, 0, 0);
}

PyDoc_STRVAR(score_faces_numbered_doc,
"score_faces_numbered(steps, words, nodes, root, terminal_limit, column_of, rows, cols,\n"
"                     faces, min_length, scores, wild, offered)\n"
"\n"
"score_faces() where the graph numbers its words: `steps` (unsigned 32-bit, one per\n"
"entry of `nodes`) gives per child entry what stepping to that child adds to the\n"
"number of the word spelt, a word's number being the sum along its path, below\n"
"`words`. Each word is then known by its number, not its letters: the caller vouches\n"
"that no two numbers spell the same letters (boggle/solver.py's word_steps).");

/* score_faces() with each word known by its number, stamped in an array kept between
 * calls, where score_faces() hashes its letters into a table of the call's own: on the
 * boards of a 5x5 search, recording the words was most of the walk's cost. */
static PyObject *
score_faces_numbered(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 13) {
        PyErr_Format(PyExc_TypeError, "score_faces_numbered() takes 13 arguments (%zd given)",
                     nargs);
        return NULL;
    }
    long words;
    if (read_int(args[1], "words", 1, 1L << 28, &words)) {
        return NULL;
    }
    Py_buffer view;
    if (get_int32_buffer(args[0], &view, 0, "the steps must be 32-bit unsigned integers")) {
        return NULL;
    }
    PyObject *result = faces_score(args + 2, (const uint32_t *)view.buf, view.len / 4,
                                   (uint32_t)words);
    PyBuffer_Release(&view);
    return result;
}

/* --- The words as JSON ------------------------------------------------------------ */

/* Digits of a whole number from 0 up. */
static size_t
digits(unsigned long n)
{
    size_t count = 1;
    while (n >= 10) {
        n /= 10;
        count++;
    }
    return count;
}

/* Writes a whole number from 0 up at `out`; returns the end. */
static char *
write_number(char *out, unsigned long n)
{
    size_t count = digits(n);
    for (size_t i = count; i > 0; i--) {
        out[i - 1] = (char)('0' + n % 10);
        n /= 10;
    }
    return out + count;
}

/* A whole number from 0 to 2^31, exactly an int (not a bool), or -1. */
static long
plain_number(PyObject *value)
{
    if (!PyLong_CheckExact(value)) {
        return -1;
    }
    long n = PyLong_AsLong(value);
    if (n < 0 || n > INT32_MAX) {
        PyErr_Clear();
        return -1;
    }
    return n;
}

/* Bytes of one word's entry, or 0 for a word this writer leaves to the caller: text
 * that is not printable ASCII without quotes or backslashes (nothing to escape), or
 * a score or cell that is not a whole number from 0 up. */
static size_t
entry_size(PyObject *item)
{
    static const size_t fixed = sizeof("{\"word\":\"\",\"score\":,\"path\":[]}") - 1;
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        return 0;
    }
    PyObject *word = PyTuple_GET_ITEM(item, 0), *path = PyTuple_GET_ITEM(item, 2);
    if (!PyUnicode_Check(word) || !PyUnicode_IS_ASCII(word) || !PyTuple_Check(path)) {
        return 0;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    const Py_UCS1 *text = PyUnicode_1BYTE_DATA(word);
    for (Py_ssize_t i = 0; i < length; i++) {
        if (text[i] < 0x20 || text[i] == 0x7f || text[i] == '"' || text[i] == '\\') {
            return 0;
        }
    }
    long score = plain_number(PyTuple_GET_ITEM(item, 1));
    if (score < 0) {
        return 0;
    }
    size_t size = fixed + (size_t)length + digits((unsigned long)score);
    Py_ssize_t cubes = PyTuple_GET_SIZE(path);
    for (Py_ssize_t i = 0; i < cubes; i++) {
        PyObject *cell = PyTuple_GET_ITEM(path, i);
        if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
            return 0;
        }
        long row = plain_number(PyTuple_GET_ITEM(cell, 0));
        long col = plain_number(PyTuple_GET_ITEM(cell, 1));
        if (row < 0 || col < 0) {
            return 0;
        }
        size += sizeof("[,],") - 1 + digits((unsigned long)row) + digits((unsigned long)col);
    }
    return size - (cubes > 0); /* no comma after the last cell */
}

static char *
write_entry(char *out, PyObject *item)
{
    PyObject *word = PyTuple_GET_ITEM(item, 0), *path = PyTuple_GET_ITEM(item, 2);
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    memcpy(out, "{\"word\":\"", 9);
    out += 9;
    memcpy(out, PyUnicode_1BYTE_DATA(word), (size_t)length);
    out += length;
    memcpy(out, "\",\"score\":", 10);
    out = write_number(out + 10, (unsigned long)PyLong_AsLong(PyTuple_GET_ITEM(item, 1)));
    memcpy(out, ",\"path\":[", 9);
    out += 9;
    Py_ssize_t cubes = PyTuple_GET_SIZE(path);
    for (Py_ssize_t i = 0; i < cubes; i++) {
        PyObject *cell = PyTuple_GET_ITEM(path, i);
        *out++ = '[';
        out = write_number(out, (unsigned long)PyLong_AsLong(PyTuple_GET_ITEM(cell, 0)));
        *out++ = ',';
        out = write_number(out, (unsigned long)PyLong_AsLong(PyTuple_GET_ITEM(cell, 1)));
        *out++ = ']';
        if (i + 1 < cubes) {
            *out++ = ',';
        }
    }
    *out++ = ']';
    *out++ = '}';
    return out;
}

PyDoc_STRVAR(words_json_doc,
"words_json(words)\n"
"\n"
"The JSON array of `words`, a tuple of (word, score, path) with path a tuple of\n"
"(row, col): [{\"word\":...,\"score\":...,\"path\":[[row,col],...]},...], compact,\n"
"as bytes: what a JSON encoder writes for the same entries as objects, without an\n"
"object made for any of them. None when an entry is not one this writes (a word\n"
"that is not printable ASCII without quotes or backslashes, a number below 0).");

static PyObject *
words_json(PyObject *module, PyObject *words)
{
    if (!PyTuple_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "words_json() takes a tuple of words");
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(words);
    size_t size = 2 + (count > 1 ? (size_t)count - 1 : 0); /* brackets and commas */
    for (Py_ssize_t i = 0; i < count; i++) {
        size_t entry = entry_size(PyTuple_GET_ITEM(words, i));
        if (entry == 0) {
            Py_RETURN_NONE;
        }
        size += entry;
    }
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (result == NULL) {
        return NULL;
    }
    char *out = PyBytes_AS_STRING(result);
    *out++ = '[';
    for (Py_ssize_t i = 0; i < count; i++) {
        if (i > 0) {
            *out++ = ',';
        }
        out = write_entry(out, PyTuple_GET_ITEM(words, i));
    }
    *out++ = ']';
    if ((size_t)(out - PyBytes_AS_STRING(result)) != size) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "words_json() miscounted its bytes");
        return NULL;
    }
    return result;
}

PyDoc_STRVAR(word_lengths_doc,
"word_lengths(words)\n"
"\n"
"How many of `words`, a tuple of (word, score, path), have each length: a tuple whose\n"
"entry n counts the words of n letters, as long as the longest word (empty for none).");

static PyObject *
word_lengths(PyObject *module, PyObject *words)
{
    if (!PyTuple_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "word_lengths() takes a tuple of words");
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(words), longest = -1;
    Py_ssize_t small[64] = {0}, *counts = small, size = 64;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(words, i);
        PyObject *word = PyTuple_Check(item) && PyTuple_GET_SIZE(item) > 0
                             ? PyTuple_GET_ITEM(item, 0)
                             : NULL;
        if (word == NULL || !PyUnicode_Check(word)) {
            PyErr_SetString(PyExc_TypeError, "word_lengths() takes (word, score, path) tuples");
            goto failed;
        }
        Py_ssize_t length = PyUnicode_GET_LENGTH(word);
        if (length >= size) {
            Py_ssize_t grown = length * 2;
            Py_ssize_t *more = calloc((size_t)grown, sizeof(Py_ssize_t));
            if (more == NULL) {
                PyErr_NoMemory();
                goto failed;
            }
            memcpy(more, counts, (size_t)size * sizeof(Py_ssize_t));
            if (counts != small) {
                free(counts);
            }
            counts = more;
            size = grown;
        }
        counts[length]++;
        if (length > longest) {
            longest = length;
        }
    }
    PyObject *result = PyTuple_New(longest + 1);
    for (Py_ssize_t n = 0; result != NULL && n <= longest; n++) {
        PyObject *number = PyLong_FromSsize_t(counts[n]);
        if (number == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(result, n, number);
    }
    if (counts != small) {
        free(counts);
    }
    return result;
failed:
    if (counts != small) {
        free(counts);
    }
    return NULL;
}

static PyMethodDef native_methods[] = {
    {"walk", (PyCFunction)(void (*)(void))walk, METH_FASTCALL, walk_doc},
    {"score_faces", (PyCFunction)(void (*)(void))score_faces, METH_FASTCALL, score_faces_doc},
    {"score_faces_numbered", (PyCFunction)(void (*)(void))score_faces_numbered, METH_FASTCALL,
     score_faces_numbered_doc},
    {"words_json", (PyCFunction)words_json, METH_O, words_json_doc},
    {"word_lengths", (PyCFunction)word_lengths, METH_O, word_lengths_doc},
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
        walk_compact_bits_walk = walk_compact_bits_popcnt;
        walk_compact_bytes_walk = walk_compact_bytes_popcnt;
        faces_walk = faces_popcnt;
        faces_numbered_walk = faces_popcnt_numbered;
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
