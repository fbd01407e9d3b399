/* The walk of the native search core: boggle/solver.py's search_python, in C.
 *
 * Plain C, with no Python in it: boggle/_native.c (the extension the server runs)
 * and boggle/walk_wasm.c (the page's WebAssembly build) both include this file, so
 * that the server and the browser run one search, down to the first path found for
 * each word. Everything is static: each build is one translation unit, and the
 * compiler inlines across it as it did when the walk and its glue were one file.
 *
 * The caller lays out the board (list_moves) and the Walk, then calls
 * walk_board_compact (or score_board_compact for the score alone) where the graph has
 * its compact form, walk_board on its table where it has none, then ranks the words
 * found (rank_words) and frees what the walk allocated (free_walk).
 *
 * Choices and their reasons:
 * - Used cells are one 64-bit word when the board has at most 64 cells (every
 *   published board), a byte per cell otherwise (up to the 1,600 cells the project
 *   allows): the bit test is one instruction and the state of a 4x4 walk one register.
 * - Moves are listed per cell once per call, blanks left out, in the order of
 *   boggle.board.grid_neighbors: the first path found for a word must be the one the
 *   Python search finds. Listing them costs about 100 ns for a 4x4 board, so nothing
 *   is cached between calls (and nothing shared needs a lock). Beside them, per cell
 *   and column, the moves onto a face of that column: a step looks only at the moves
 *   whose column the node's bit set holds, still in move order.
 * - The score mode needs only the set of words, not their paths nor the order they are
 *   found in, so on a board of up to 64 cells it has a walk of its own (score_from):
 *   the next cells are one mask (the cells around, less the used ones, less those whose
 *   column the node's bit set lacks), no path is kept, and a word of up to 8 letters is
 *   kept as its prefix and length, without its text.
 * - Every walk reads the graph's compact form (boggle/dictionary.py's CompactGraph: a
 *   node's bit set and its children, 4 bytes each) where it has one (every ruleset
 *   whose bit set fits 32 bits, every shipped one), instead of the table's 128-byte
 *   rows: the walk waits on memory, and ENABLE2K's compact form (0.77 MB) fits a
 *   core's second-level cache where the table (6.9 MB) does not; and a server that
 *   never builds the table holds a tenth of the memory for its lists. The walks of the
 *   table (walk_from, score_from) stay for a graph without a compact form.
 * - A DAWG node is reached by many prefixes, so a node cannot mark "this word was
 *   found". Words found are kept in an open-addressing hash table of their letters
 *   (hashed and compared 8 letters at a time), local to the call, and turned into
 *   the answer once, at the end (Python objects, or the page's arrays), ranked by a
 *   merge sort on a key of the score and the first letters.
 * - How each choice was measured (instructions per board, under callgrind) is in
 *   benchmarks/README.md; benchmarks/native_profile.py repeats the count.
 * - The limit is checked every 4,096 steps, about 20-40 microseconds of walk, with
 *   the thread's CPU clock (the budget) and the monotonic clock (the ceiling), as the
 *   Python side's Limit and watchdog count them. A clock read costs well under a
 *   microsecond, so the check costs the walk under 2%.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The most letters a face may hold ("qu", "th": two today; room for other rulesets). */
#define MAX_FACE 8
/* A column code meaning "blank cube: no word passes through it". */
#define BLANK 255
/* Steps between two readings of the clocks; a power of two. */
#define CHECK_EVERY 4096

enum { HALT_NONE = 0, HALT_LIMIT, HALT_MEMORY, HALT_CORRUPT };

typedef struct {
    uint64_t prefix; /* its first 8 letters, zero-padded: the whole of most words */
    uint32_t hash;   /* of its letters (hash_word) */
    uint32_t text;   /* offset of the word's letters in the text arena */
    uint32_t path;   /* offset of its cells in the path arena */
    uint16_t length; /* letters */
    uint16_t cubes;  /* cells in its path */
} Found;

typedef struct {
    /* The word graph. */
    const int32_t *table;
    uint32_t max_node; /* the largest offset a row may start at */
    int stride;
    int mask_column; /* -1: the table has no usable bit-set column */
    int prefetch_column; /* the column read first from a child's row */
    int32_t terminal_limit;
    /* The board. */
    int cells;
    const uint8_t *column; /* per cell; BLANK for a blank */
    const char (*letters)[MAX_FACE];
    const uint8_t *face_length;
    const uint32_t *moves; /* 8 per cell, each the next cell << 8 | its column */
    const uint8_t *move_count;
    const uint64_t *reach; /* per cell: bits of the columns of the faces around it */
    const uint8_t (*moves_by_column)[32]; /* per cell and column: bits of its moves */
    /* The score mode's, on a board of at most 64 cells (else NULL): per cell, the
     * cells around it; per face column below 32, the cells of that column. */
    const uint64_t *around;
    const uint64_t *cells_of_column;
    /* The graph's compact form (boggle/dictionary.py's CompactGraph), walked instead
     * of the table where it is given (then `table` is NULL), else NULL: per node its
     * bit set, then its children's offsets in column order. */
    const uint32_t *compact;
    uint32_t compact_max; /* the largest offset a record may start at */
    uint32_t compact_terminal_limit;
    uint8_t *used_bytes;
    /* The walk's position: the cells stepped on, and the letters they spell. */
    uint16_t *path;
    char *word;
    int min_length;
    /* Words found. */
    Found *found;
    uint32_t found_count, found_capacity;
    int found_on_heap; /* the score mode's first block is in the call's scratch space */
    int longest; /* letters of the longest word found */
    uint32_t *slots; /* hash table: index + 1 into found, 0 for empty */
    uint32_t slot_mask;
    int slots_on_heap; /* the first table is in the call's scratch space */
    char *text;
    size_t text_length, text_capacity;
    uint16_t *paths;
    size_t paths_length, paths_capacity;
    /* The limit. */
    uint32_t steps;
    int has_budget, has_ceiling;
    double cpu_by, wall_by;
    int halt;
} Walk;

static double
clock_seconds(clockid_t clock)
{
    struct timespec now;
    if (clock_gettime(clock, &now) != 0) {
        return 0.0; /* no such clock here: that limit never fires */
    }
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Whether the budget or the ceiling has passed. */
static int
limit_passed(const Walk *w)
{
    if (w->has_budget && clock_seconds(CLOCK_THREAD_CPUTIME_ID) >= w->cpu_by) {
        return 1;
    }
    return w->has_ceiling && clock_seconds(CLOCK_MONOTONIC) >= w->wall_by;
}

/* The first `length` letters of the 8 bytes at `text` (all 8 from 8 on), the rest
 * zero. Words are read 8 letters at a time: the word being spelt has 8 bytes of room
 * past its end. */
static inline uint64_t
chunk_of(const char *text, int length)
{
    uint64_t chunk;
    memcpy(&chunk, text, 8);
    if (length >= 8) {
        return chunk;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return chunk & ~(~(uint64_t)0 >> (8 * length));
#else
    return chunk & (((uint64_t)1 << (8 * length)) - 1);
#endif
}

/* A hash of a word's letters, 8 at a time (a multiply each), from its prefix. */
static inline uint32_t
hash_word(const char *word, int length, uint64_t prefix)
{
    const uint64_t odd = 0x9E3779B97F4A7C15u; /* 2^64 / the golden ratio */
    uint64_t hash = (prefix ^ (uint64_t)length) * odd;
    for (int at = 8; at < length; at += 8) {
        hash = (hash ^ chunk_of(word + at, length - at)) * odd;
    }
    return (uint32_t)(hash >> 32); /* the high half: the multiplies mix it best */
}

/* Room for `needed` items in `*buffer`: at first `first`, then doubling. */
static int
grow(void **buffer, size_t *capacity, size_t needed, size_t item, size_t first)
{
    if (needed <= *capacity) {
        return 0;
    }
    size_t capacity_new = *capacity ? *capacity : first;
    while (capacity_new < needed) {
        capacity_new *= 2;
    }
    void *bigger = realloc(*buffer, capacity_new * item);
    if (bigger == NULL) {
        return -1;
    }
    *buffer = bigger;
    *capacity = capacity_new;
    return 0;
}

/* Double the hash table and place every word found again. */
static int
rehash(Walk *w)
{
    uint32_t size = (w->slot_mask + 1) * 2;
    uint32_t *slots = calloc(size, sizeof(uint32_t));
    if (slots == NULL) {
        return -1;
    }
    for (uint32_t i = 0; i < w->found_count; i++) {
        uint32_t slot = w->found[i].hash & (size - 1);
        while (slots[slot]) {
            slot = (slot + 1) & (size - 1);
        }
        slots[slot] = i + 1;
    }
    if (w->slots_on_heap) {
        free(w->slots);
    }
    w->slots = slots;
    w->slot_mask = size - 1;
    w->slots_on_heap = 1;
    return 0;
}

/* Keep a word not found before (`length` letters, `prefix` and `hash` as record() has
 * them, on the first `depth` cells of the path) in hash slot `slot`. The score mode
 * (`score`) keeps neither its path nor, up to 8 letters, its text: the prefix and the
 * length are the whole word, and the points come from the length. */
static inline __attribute__((always_inline)) void
keep_word(Walk *w, uint32_t slot, uint64_t prefix, uint32_t hash, int depth, int length,
          const int score)
{
    if (length > UINT16_MAX) {
        w->halt = HALT_CORRUPT; /* only a graph with a cycle spells words this long */
        return;
    }
    const char *word = w->word;
    int keep_text = !score || length > 8;
    if (w->found_count == w->found_capacity) {
        /* The first block of the score mode is in the call's scratch space. */
        Found *old = w->found_on_heap ? w->found : NULL;
        size_t capacity = w->found_on_heap ? w->found_capacity : 0;
        if (grow((void **)&old, &capacity, (size_t)w->found_count + 1, sizeof(Found),
                 w->found_capacity ? 2 * (size_t)w->found_capacity : 256)) {
            w->halt = HALT_MEMORY;
            return;
        }
        if (!w->found_on_heap && w->found_count) {
            memcpy(old, w->found, w->found_count * sizeof(Found));
        }
        w->found = old;
        w->found_capacity = (uint32_t)capacity;
        w->found_on_heap = 1;
    }
    /* First sizes enough for most 4x4 and 5x5 boards. */
    if ((keep_text && grow((void **)&w->text, &w->text_capacity, w->text_length + length, 1,
                           2048)) ||
        (!score && grow((void **)&w->paths, &w->paths_capacity, w->paths_length + depth,
                        sizeof(uint16_t), 2048))) {
        w->halt = HALT_MEMORY;
        return;
    }
    Found *f = &w->found[w->found_count];
    f->prefix = prefix;
    f->hash = hash;
    f->length = (uint16_t)length;
    f->cubes = (uint16_t)depth;
    f->text = (uint32_t)w->text_length;
    if (keep_text) {
        memcpy(w->text + w->text_length, word, length);
        w->text_length += length;
    }
    f->path = (uint32_t)w->paths_length;
    if (!score) {
        memcpy(w->paths + w->paths_length, w->path, depth * sizeof(uint16_t));
        w->paths_length += depth;
    }
    if (length > w->longest) {
        w->longest = length;
    }
    w->slots[slot] = ++w->found_count;
    /* At most half full, so that a probe ends after a step or two. */
    if (w->found_count * 2 > w->slot_mask && rehash(w)) {
        w->halt = HALT_MEMORY;
    }
}

/* keep_word() for the score's walk, out of line: called for one word in three. */
static void
keep_for_score(Walk *w, uint32_t slot, uint64_t prefix, uint32_t hash, int length)
{
    keep_word(w, slot, prefix, hash, 0, length, 1);
}

/* Keep the word spelt so far (`length` letters, on the first `depth` cells of the
 * path), with its path unless `score`, unless it was found before. Inline in the
 * score's walk: a word found before (two in three of those recorded on 4x4 boards) costs
 * only its hash and a probe or two there, and a new one a call. */
static inline __attribute__((always_inline)) void
record(Walk *w, int depth, int length, const int score)
{
    const char *word = w->word;
    uint64_t prefix = chunk_of(word, length);
    uint32_t hash = hash_word(word, length, prefix);
    uint32_t slot = hash & w->slot_mask;
    uint32_t index;
    while ((index = w->slots[slot]) != 0) {
        const Found *f = &w->found[index - 1];
        if (f->hash == hash && f->prefix == prefix && f->length == length &&
            (length <= 8 || memcmp(w->text + f->text + 8, word + 8, length - 8) == 0)) {
            return; /* the first path found is the one kept */
        }
        slot = (slot + 1) & w->slot_mask;
    }
    if (score) {
        keep_for_score(w, slot, prefix, hash, length);
    }
    else {
        keep_word(w, slot, prefix, hash, depth, length, 0);
    }
}

/* record() for the walk of the paths' modes, one function out of line, as it was:
 * inline there, it cost the full answer 0.5% more instructions a board. */
static void
record_with_path(Walk *w, int depth, int length)
{
    record(w, depth, length, 0);
}

typedef void WalkFrom(Walk *w, int cell, int32_t node, uint32_t node_mask, int depth,
                      int length, uint64_t used);

/* The walk on from `cell`, the `depth`-th cell of the path (already on it and used),
 * where its `length` letters lead to `node`: each adjacent unused cube whose face
 * continues some word is stepped onto, its word recorded, and walked on from when the
 * graph's bit set says a face around it could go further.
 *
 * Written once and compiled four times (`bits`: used cells as the bits of `used`, or
 * as bytes; `masked`: whether the table has the bit-set column), so that neither
 * choice is a test in the loop. The position is in arguments, not in the Walk: they
 * live in registers, and a step back needs no undoing (`used` is the caller's own).
 * `self` is the compiled copy itself, for the step down. */
static inline __attribute__((always_inline)) void
walk_from(Walk *w, int cell, int32_t node, uint32_t node_mask, int depth, int length,
          uint64_t used, const int bits, const int masked, WalkFrom *self)
{
    const int32_t *table = w->table;
    const uint32_t *moves = w->moves + 8 * cell;
    const uint32_t max_node = w->max_node;
    /* The moves worth a look, as bits in move order: with the bit set, those whose
     * face's column is one the node leads on by (`node_mask`), found from the few
     * columns the node and the faces around share; nearly three moves in four lead
     * nowhere, and each cost a read of the table. In move order, so that the first
     * path found for a word stays the one search_python finds. */
    uint32_t candidates;
    if (masked) {
        const uint8_t *moves_by_column = w->moves_by_column[cell];
        uint32_t columns = node_mask & (uint32_t)w->reach[cell];
        candidates = 0;
        while (columns) {
            candidates |= moves_by_column[__builtin_ctz(columns)];
            columns &= columns - 1;
        }
    }
    else {
        candidates = (1u << w->move_count[cell]) - 1;
    }
    /* Every child row first, each fetched ahead: the walk waits on memory (the table
     * is megabytes), and the fetches of up to eight rows then overlap. */
    int32_t children[8];
    uint8_t steps[8];
    int count = 0;
    while (candidates) {
        int k = __builtin_ctz(candidates);
        candidates &= candidates - 1;
        uint32_t move = moves[k];
        int next = (int)(move >> 8);
        if (bits ? (used >> next) & 1 : w->used_bytes[next]) {
            continue;
        }
        int32_t child = table[node + (move & 255)];
        if (child == 0) {
            continue;
        }
        children[count] = child;
        steps[count++] = (uint8_t)k;
        if ((uint32_t)child <= max_node) {
            __builtin_prefetch(table + child);
            __builtin_prefetch(table + child + 16);
            __builtin_prefetch(table + child + w->prefetch_column);
        }
    }
    for (int i = 0; i < count; i++) {
        int32_t child = children[i];
        if (__builtin_expect((uint32_t)child > max_node, 0)) { /* negative ones too */
            w->halt = HALT_CORRUPT;
            return;
        }
        if (__builtin_expect((++w->steps & (CHECK_EVERY - 1)) == 0, 0) && limit_passed(w)) {
            w->halt = HALT_LIMIT;
            return;
        }
        int next = (int)(moves[steps[i]] >> 8);
        int reached = length + w->face_length[next];
        w->path[depth] = (uint16_t)next;
        /* Spelt as it is stepped: a step costs a copy of 8 bytes, where spelling the
         * word from its path when it is recorded cost more (a quarter of steps record). */
        memcpy(w->word + length, w->letters[next], MAX_FACE);
        if (child < w->terminal_limit && reached >= w->min_length) {
            record_with_path(w, depth + 1, reached);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t child_mask = masked ? (uint32_t)table[child + w->mask_column] : 0;
        if (!masked || (child_mask & (uint32_t)w->reach[next])) {
            if (bits) {
                self(w, next, child, child_mask, depth + 1, reached, used | (uint64_t)1 << next);
            }
            else {
                w->used_bytes[next] = 1;
                self(w, next, child, child_mask, depth + 1, reached, 0);
                w->used_bytes[next] = 0;
            }
            if (w->halt != HALT_NONE) {
                return;
            }
        }
    }
}

#define DEFINE_WALK(NAME, BITS, MASKED)                                                 \
    static void NAME(Walk *w, int cell, int32_t node, uint32_t node_mask, int depth,   \
                     int length, uint64_t used)                                         \
    {                                                                                   \
        walk_from(w, cell, node, node_mask, depth, length, used, BITS, MASKED, NAME);   \
    }

DEFINE_WALK(walk_bits_masked, 1, 1)
DEFINE_WALK(walk_bits, 1, 0)
DEFINE_WALK(walk_bytes_masked, 0, 1)
DEFINE_WALK(walk_bytes, 0, 0)

/* The cells a step from `cell` may go on to, where the node reached leads on by the
 * columns `node_mask` and `used` are the cells on the path: the unused ones around it
 * whose face's column is one of those (any face, without the bit set). */
static inline __attribute__((always_inline)) uint64_t
next_cells(const Walk *w, int cell, uint32_t node_mask, uint64_t used, const int masked)
{
    uint64_t cells = w->around[cell] & ~used;
    if (masked) {
        uint64_t of_columns = 0;
        uint32_t columns = node_mask & (uint32_t)w->reach[cell];
        while (columns) {
            of_columns |= w->cells_of_column[__builtin_ctz(columns)];
            columns &= columns - 1;
        }
        cells &= of_columns;
    }
    return cells;
}

typedef void ScoreFrom(Walk *w, int32_t node, uint64_t cells, uint64_t used, int length);

/* The score mode's walk on from the node `node` that `length` letters lead to, onto
 * `cells` (next_cells: not empty), on a board of at most 64 cells. The words found and
 * so the score are those of walk_from, but the order they are found in is not, and the
 * score needs none: the moves are the set bits of one mask (the cells around, less the
 * used ones, less those whose face the node cannot take), in cell order, and the step
 * down is not taken when that mask is empty for the next cell, so a call always has a
 * move to look at. No path is kept. Compiled twice (`masked`, as walk_from). */
static inline __attribute__((always_inline)) void
score_from(Walk *w, int32_t node, uint64_t cells, uint64_t used, int length, const int masked,
           ScoreFrom *self)
{
    const int32_t *table = w->table;
    const uint32_t max_node = w->max_node;
    int32_t children[8];
    uint8_t steps[8];
    int count = 0;
    while (cells) {
        int next = __builtin_ctzll(cells);
        cells &= cells - 1;
        int32_t child = table[node + w->column[next]];
        if (child == 0) {
            continue;
        }
        if (__builtin_expect((uint32_t)child > max_node, 0)) { /* negative ones too */
            w->halt = HALT_CORRUPT;
            return;
        }
        children[count] = child;
        steps[count++] = (uint8_t)next;
        __builtin_prefetch(table + child);
        __builtin_prefetch(table + child + 16);
        __builtin_prefetch(table + child + w->prefetch_column);
    }
    /* The steps counted a call at a time: the clocks are read when the count passes a
     * multiple of CHECK_EVERY, as walk_from reads them. */
    uint32_t steps_before = w->steps;
    w->steps = steps_before + (uint32_t)count;
    if (__builtin_expect(((steps_before ^ w->steps) & ~(uint32_t)(CHECK_EVERY - 1)) != 0, 0) &&
        limit_passed(w)) {
        w->halt = HALT_LIMIT;
        return;
    }
    for (int i = 0; i < count; i++) {
        int32_t child = children[i];
        int next = steps[i];
        int reached = length + w->face_length[next];
        memcpy(w->word + length, w->letters[next], MAX_FACE);
        if (child < w->terminal_limit && reached >= w->min_length) {
            record(w, 0, reached, 1);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t child_mask = masked ? (uint32_t)table[child + w->mask_column] : 0;
        uint64_t on = used | (uint64_t)1 << next;
        uint64_t after = next_cells(w, next, child_mask, on, masked);
        if (after) {
            self(w, child, after, on, reached);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
    }
}

#define DEFINE_SCORE_WALK(NAME, MASKED)                                                  \
    static void NAME(Walk *w, int32_t node, uint64_t cells, uint64_t used, int length)  \
    {                                                                                    \
        score_from(w, node, cells, used, length, MASKED, NAME);                          \
    }

DEFINE_SCORE_WALK(score_masked, 1)
DEFINE_SCORE_WALK(score_unmasked, 0)

/* The child of the compact graph's record at `node` (bit set `mask`) by `column`, a
 * column the bit set holds: the children follow the bit set in column order. */
static inline uint32_t
compact_child(const uint32_t *nodes, uint32_t node, uint32_t mask, int column)
{
    return nodes[node + 1 + (uint32_t)__builtin_popcount(mask & ((1u << column) - 1))];
}

typedef void CompactFrom(Walk *w, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
                         int length);

/* score_from() on the graph's compact form: the same steps and words, but a node is
 * its bit set and its children (4 bytes each, mostly one cache line) where the table
 * spends a 128-byte row; ENABLE2K's compact form fits a core's second-level cache, the
 * table does not, and the walk waits on memory for most steps to a new node. `mask` is
 * the node's bit set; every cell of `cells` has a column it holds (next_cells).
 * Compiled twice on x86 (below): the child's index is a popcount, one instruction
 * where the processor has it and a call into libgcc where it does not. */
static inline __attribute__((always_inline)) void
score_compact_from(Walk *w, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
                   int length, CompactFrom *self)
{
    const uint32_t *nodes = w->compact;
    uint32_t children[8];
    uint8_t steps[8];
    int count = 0;
    while (cells) {
        int next = __builtin_ctzll(cells);
        cells &= cells - 1;
        uint32_t child = compact_child(nodes, node, mask, w->column[next]);
        /* A set bit always has a child: 0, or an offset past the last record, is
         * corrupt (0 - 1 wraps past it). */
        if (__builtin_expect(child - 1 >= w->compact_max, 0)) {
            w->halt = HALT_CORRUPT;
            return;
        }
        children[count] = child;
        steps[count++] = (uint8_t)next;
        __builtin_prefetch(nodes + child);
    }
    uint32_t steps_before = w->steps;
    w->steps = steps_before + (uint32_t)count;
    if (__builtin_expect(((steps_before ^ w->steps) & ~(uint32_t)(CHECK_EVERY - 1)) != 0, 0) &&
        limit_passed(w)) {
        w->halt = HALT_LIMIT;
        return;
    }
    for (int i = 0; i < count; i++) {
        uint32_t child = children[i];
        int next = steps[i];
        int reached = length + w->face_length[next];
        memcpy(w->word + length, w->letters[next], MAX_FACE);
        if (child < w->compact_terminal_limit && reached >= w->min_length) {
            record(w, 0, reached, 1);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t child_mask = nodes[child];
        uint64_t on = used | (uint64_t)1 << next;
        uint64_t after = next_cells(w, next, child_mask, on, 1);
        if (after) {
            self(w, child, child_mask, after, on, reached);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
    }
}

static void
score_compact(Walk *w, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used, int length)
{
    score_compact_from(w, node, mask, cells, used, length, score_compact);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_POPCNT_COPY 1
__attribute__((target("popcnt"))) static void
score_compact_popcnt(Walk *w, uint32_t node, uint32_t mask, uint64_t cells, uint64_t used,
                     int length)
{
    score_compact_from(w, node, mask, cells, used, length, score_compact_popcnt);
}
#endif

/* The copy of score_compact this processor runs (set when the module is loaded). */
static CompactFrom *score_compact_walk = score_compact;

/* The score's walks from each cube on the compact graph whose root is `root`. */
static void
score_board_compact(Walk *w, uint32_t root)
{
    const uint32_t *nodes = w->compact;
    uint32_t root_mask = nodes[root];
    for (int cell = 0; cell < w->cells && w->halt == HALT_NONE; cell++) {
        int column = w->column[cell];
        /* A face column of a masked table is below 32; a blank is BLANK. */
        if (column >= 32 || !((root_mask >> column) & 1)) {
            continue;
        }
        uint32_t node = compact_child(nodes, root, root_mask, column);
        if (node - 1 >= w->compact_max) {
            w->halt = HALT_CORRUPT;
            return;
        }
        int length = w->face_length[cell];
        memcpy(w->word, w->letters[cell], MAX_FACE);
        if (node < w->compact_terminal_limit && length >= w->min_length) {
            record(w, 1, length, 1);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t node_mask = nodes[node];
        uint64_t used = (uint64_t)1 << cell;
        uint64_t cells = next_cells(w, cell, node_mask, used, 1);
        if (cells) {
            score_compact_walk(w, node, node_mask, cells, used, length);
        }
    }
}

typedef void CompactWalkFrom(Walk *w, int cell, uint32_t node, uint32_t node_mask, int depth,
                             int length, uint64_t used);

/* walk_from() on the graph's compact form: the same moves looked at in the same order,
 * so the same words with the same first paths, but a node is its bit set and its
 * children (4 bytes each, mostly one cache line) where the table spends a 128-byte row.
 * Every move looked at is onto a column the node's bit set holds, so each has a child:
 * 0, or an offset past the last record, is a corrupt graph, found where walk_from
 * finds a child row past the table. Compiled twice (`bits`, as walk_from), and each
 * again on x86 with the processor's popcount (below), as score_compact is. */
static inline __attribute__((always_inline)) void
walk_compact_from(Walk *w, int cell, uint32_t node, uint32_t node_mask, int depth, int length,
                  uint64_t used, const int bits, CompactWalkFrom *self)
{
    const uint32_t *nodes = w->compact;
    const uint32_t *moves = w->moves + 8 * cell;
    const uint8_t *moves_by_column = w->moves_by_column[cell];
    uint32_t columns = node_mask & (uint32_t)w->reach[cell];
    uint32_t candidates = 0;
    while (columns) {
        candidates |= moves_by_column[__builtin_ctz(columns)];
        columns &= columns - 1;
    }
    /* Every child record first, each fetched ahead, as walk_from does. */
    uint32_t children[8];
    uint8_t steps[8];
    int count = 0;
    while (candidates) {
        int k = __builtin_ctz(candidates);
        candidates &= candidates - 1;
        uint32_t move = moves[k];
        int next = (int)(move >> 8);
        if (bits ? (used >> next) & 1 : w->used_bytes[next]) {
            continue;
        }
        uint32_t child = compact_child(nodes, node, node_mask, (int)(move & 255));
        children[count] = child;
        steps[count++] = (uint8_t)k;
        if (child - 1 < w->compact_max) {
            __builtin_prefetch(nodes + child);
        }
    }
    for (int i = 0; i < count; i++) {
        uint32_t child = children[i];
        if (__builtin_expect(child - 1 >= w->compact_max, 0)) { /* 0 - 1 wraps past it */
            w->halt = HALT_CORRUPT;
            return;
        }
        if (__builtin_expect((++w->steps & (CHECK_EVERY - 1)) == 0, 0) && limit_passed(w)) {
            w->halt = HALT_LIMIT;
            return;
        }
        int next = (int)(moves[steps[i]] >> 8);
        int reached = length + w->face_length[next];
        w->path[depth] = (uint16_t)next;
        memcpy(w->word + length, w->letters[next], MAX_FACE);
        if (child < w->compact_terminal_limit && reached >= w->min_length) {
            record_with_path(w, depth + 1, reached);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t child_mask = nodes[child];
        if (child_mask & (uint32_t)w->reach[next]) {
            if (bits) {
                self(w, next, child, child_mask, depth + 1, reached, used | (uint64_t)1 << next);
            }
            else {
                w->used_bytes[next] = 1;
                self(w, next, child, child_mask, depth + 1, reached, 0);
                w->used_bytes[next] = 0;
            }
            if (w->halt != HALT_NONE) {
                return;
            }
        }
    }
}

#define DEFINE_COMPACT_WALK(NAME, BITS, ...)                                              \
    __VA_ARGS__ static void NAME(Walk *w, int cell, uint32_t node, uint32_t node_mask,    \
                                 int depth, int length, uint64_t used)                     \
    {                                                                                     \
        walk_compact_from(w, cell, node, node_mask, depth, length, used, BITS, NAME);     \
    }

DEFINE_COMPACT_WALK(walk_compact_bits, 1)
DEFINE_COMPACT_WALK(walk_compact_bytes, 0)
#ifdef HAVE_POPCNT_COPY
DEFINE_COMPACT_WALK(walk_compact_bits_popcnt, 1, __attribute__((target("popcnt"))))
DEFINE_COMPACT_WALK(walk_compact_bytes_popcnt, 0, __attribute__((target("popcnt"))))
#endif

/* The copies of walk_compact this processor runs, used cells as bits and as bytes
 * (set when the module is loaded). */
static CompactWalkFrom *walk_compact_bits_walk = walk_compact_bits;
static CompactWalkFrom *walk_compact_bytes_walk = walk_compact_bytes;

/* Every walk on the compact graph whose root is `root`, one from each non-blank cube in
 * reading order, as walk_board on the table: the same words with the same first paths
 * (the score mode's own walk is score_board_compact). */
static void
walk_board_compact(Walk *w, uint32_t root)
{
    const uint32_t *nodes = w->compact;
    uint32_t root_mask = nodes[root];
    int bits = w->cells <= 64;
    CompactWalkFrom *from = bits ? walk_compact_bits_walk : walk_compact_bytes_walk;
    for (int cell = 0; cell < w->cells && w->halt == HALT_NONE; cell++) {
        int column = w->column[cell];
        /* A face column of a masked table is below 32; a blank is BLANK. */
        if (column >= 32 || !((root_mask >> column) & 1)) {
            continue;
        }
        uint32_t node = compact_child(nodes, root, root_mask, column);
        if (node - 1 >= w->compact_max) {
            w->halt = HALT_CORRUPT;
            return;
        }
        int length = w->face_length[cell];
        w->path[0] = (uint16_t)cell;
        memcpy(w->word, w->letters[cell], MAX_FACE);
        if (node < w->compact_terminal_limit && length >= w->min_length) {
            record_with_path(w, 1, length);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t node_mask = nodes[node];
        if (bits) {
            from(w, cell, node, node_mask, 1, length, (uint64_t)1 << cell);
        }
        else {
            w->used_bytes[cell] = 1;
            from(w, cell, node, node_mask, 1, length, 0);
            w->used_bytes[cell] = 0;
        }
    }
}

/* Every walk, one from each non-blank cube in reading order (as search_python). */
static void
walk_board(Walk *w, int32_t root)
{
    int bits = w->cells <= 64;
    int masked = w->mask_column >= 0;
    /* The score's own walk where used cells are bits (w->around is set up for it); a
     * larger board's score is walked as its words are, keeping paths it does not need. */
    int score = w->around != NULL;
    WalkFrom *from = bits ? (masked ? walk_bits_masked : walk_bits)
                          : (masked ? walk_bytes_masked : walk_bytes);
    for (int cell = 0; cell < w->cells && w->halt == HALT_NONE; cell++) {
        int column = w->column[cell];
        if (column == BLANK) {
            continue;
        }
        int32_t node = w->table[root + column];
        if (node == 0) {
            continue;
        }
        if ((uint32_t)node > w->max_node) {
            w->halt = HALT_CORRUPT;
            return;
        }
        int length = w->face_length[cell];
        w->path[0] = (uint16_t)cell;
        memcpy(w->word, w->letters[cell], MAX_FACE);
        if (node < w->terminal_limit && length >= w->min_length) {
            record(w, 1, length, score);
            if (w->halt != HALT_NONE) {
                return;
            }
        }
        uint32_t node_mask = masked ? (uint32_t)w->table[node + w->mask_column] : 0;
        if (score) {
            uint64_t used = (uint64_t)1 << cell;
            uint64_t cells = next_cells(w, cell, node_mask, used, masked);
            if (cells) {
                (masked ? score_masked : score_unmasked)(w, node, cells, used, length);
            }
        }
        else if (bits) {
            from(w, cell, node, node_mask, 1, length, (uint64_t)1 << cell);
        }
        else {
            w->used_bytes[cell] = 1;
            from(w, cell, node, node_mask, 1, length, 0);
            w->used_bytes[cell] = 0;
        }
    }
}

/* The moves of each cell of a `rows` x `cols` board whose faces' columns are `column`,
 * in boggle.board.grid_neighbors' order, blanks left out: in `reach`, the columns of
 * the faces around each cell; then, where `around` is given (the score's own walk),
 * the cells around as bits, else the moves in order (`moves`, `move_count`) and, where
 * `moves_by_column` is given, those onto each column. Every table starts cleared but
 * `moves`. */
static void
list_moves(int rows, int cols, const uint8_t *column, uint64_t *reach, uint64_t *around,
           uint8_t (*moves_by_column)[32], uint32_t *moves, uint8_t *move_count)
{
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int cell = r * cols + c;
            for (int rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++) {
                for (int cc = c > 0 ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++) {
                    int next = rr * cols + cc;
                    if (next == cell || column[next] == BLANK) {
                        continue;
                    }
                    reach[cell] |= (uint64_t)1 << (column[next] & 63);
                    if (around != NULL) {
                        around[cell] |= (uint64_t)1 << next;
                        continue;
                    }
                    if (moves_by_column != NULL) { /* a face column of a masked table is below 32 */
                        moves_by_column[cell][column[next]] |= 1u << move_count[cell];
                    }
                    moves[8 * cell + move_count[cell]++] = (uint32_t)next << 8 | column[next];
                }
            }
        }
    }
}

typedef struct {
    uint64_t key; /* the score, inverted, then the first letters: most comparisons */
    uint32_t index; /* of the word in the walk's found */
    int32_t score;
} Rank;

static int
score_of(const int *scores, int longest_scored, int length)
{
    return scores[length < longest_scored ? length : longest_scored];
}

/* Whether `a` ranks before `b`: highest score first, then alphabetically (the letters
 * are ASCII: byte order is Python's string order). No two words are equal. */
static inline int
ranks_before(const Walk *w, const Rank *a, const Rank *b)
{
    if (a->key != b->key) {
        return a->key < b->key;
    }
    if (a->score != b->score) {
        return a->score > b->score;
    }
    const Found *f = &w->found[a->index], *g = &w->found[b->index];
    int shorter = f->length < g->length ? f->length : g->length;
    int order = memcmp(w->text + f->text, w->text + g->text, shorter);
    return order != 0 ? order < 0 : f->length < g->length;
}

/* Runs the merge sort starts from, sorted by insertion. */
#define RUN 16

/* Sort `count` ranks, with `spare` room for as many; the sorted ones end in `*sorted`
 * (`items` or `spare`). A merge sort with the comparison inline: C's qsort calls it
 * through a pointer, about three times the cost for a board's hundred words. */
static void
sort_ranks(const Walk *w, Rank *items, Rank *spare, size_t count, Rank **sorted)
{
    for (size_t start = 0; start < count; start += RUN) {
        size_t end = start + RUN < count ? start + RUN : count;
        for (size_t i = start + 1; i < end; i++) {
            Rank item = items[i];
            size_t j = i;
            while (j > start && ranks_before(w, &item, &items[j - 1])) {
                items[j] = items[j - 1];
                j--;
            }
            items[j] = item;
        }
    }
    Rank *from = items, *to = spare;
    for (size_t width = RUN; width < count; width *= 2) {
        for (size_t start = 0; start < count; start += 2 * width) {
            size_t middle = start + width < count ? start + width : count;
            size_t end = start + 2 * width < count ? start + 2 * width : count;
            size_t left = start, right = middle, out = start;
            while (left < middle && right < end) {
                to[out++] =
                    ranks_before(w, &from[right], &from[left]) ? from[right++] : from[left++];
            }
            memcpy(to + out, from + left, (middle - left) * sizeof(Rank));
            out += middle - left;
            memcpy(to + out, from + right, (end - right) * sizeof(Rank));
        }
        Rank *swap = from;
        from = to;
        to = swap;
    }
    *sorted = from;
}

/* The words found, ranked as solve() returns them (highest score first, then
 * alphabetically), their points from `scores` (by length, the last for longer
 * words): `order` has room for 2 * (found_count + 1) ranks, the sort's spare half
 * included. Returns where the ranked ones are. */
static Rank *
rank_words(const Walk *w, const int *scores, int longest_scored, Rank *order)
{
    for (uint32_t i = 0; i < w->found_count; i++) {
        const Found *f = &w->found[i];
        int score = score_of(scores, longest_scored, f->length);
        /* Higher scores sort first: their byte is inverted (scores over 255 share the
         * byte, and the full comparison settles them). Then the first 7 letters, from
         * the word's prefix, first letter highest, zero-padded: a shorter word sorts
         * before the longer one it begins. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        uint64_t letters = f->prefix;
#else
        uint64_t letters = __builtin_bswap64(f->prefix);
#endif
        order[i].key = (255 - (uint64_t)(score < 255 ? score : 255)) << 56 | letters >> 8;
        order[i].index = i;
        order[i].score = score;
    }
    Rank *sorted;
    sort_ranks(w, order, order + w->found_count + 1, w->found_count, &sorted);
    return sorted;
}

static void
free_walk(Walk *w)
{
    if (w->found_on_heap) {
        free(w->found);
    }
    if (w->slots_on_heap) {
        free(w->slots);
    }
    free(w->text);
    free(w->paths);
}
