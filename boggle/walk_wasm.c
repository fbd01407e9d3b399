/* The page's search: boggle/walk.c compiled to WebAssembly (`make wasm`), so that the
 * browser finds every word on a board with the server's own walk, offline too.
 *
 * Built by clang for wasm32-wasi against wasi-libc (malloc, memcpy, the clock), with
 * no entry point: static/js/lib/search.js loads it, hands it a word graph and boards,
 * and reads the answers out of its memory. Its one import is WASI's clock_time_get,
 * which the walk's ceiling reads (search.js answers it from performance.now()).
 *
 * The graph arrives in the compact form the native core walks (boggle/dictionary.py,
 * CompactGraph; the file is dictionary.browser_graph's): a tenth of the table's size to
 * send and to keep in the browser's cache. load_graph checks that its records hold
 * together and keeps a copy; walk_board_compact reads it as it does on the server, and
 * finds each word's first path in the same order.
 *
 * Nothing here is shared between threads: a page runs one search at a time.
 */

/* clock_gettime and strnlen, which -std=c11 alone leaves out. */
#define _POSIX_C_SOURCE 200809L

#include "walk.c"

#define EXPORT(name) __attribute__((export_name(name)))

/* Zero entries that end a compact graph (boggle/dictionary.py, COMPACT_PADDING). */
#define COMPACT_PADDING 32
/* Letters the words of a graph may have (boggle/rules.py's longest_word is 64). */
#define SCORES 256

/* What load_graph and solve answer besides a count: each a kind of refusal the page
 * names (static/js/lib/search.js, SearchError). */
enum {
    FAILED_MEMORY = -1, /* the browser gave no more memory */
    FAILED_GRAPH = -2,  /* the graph's records do not hold together */
    FAILED_BOARD = -3,  /* a face without a column, or a board over the limits */
    FAILED_LIMIT = -4,  /* the ceiling passed before the walk ended */
    FAILED_NO_GRAPH = -5,
};

/* The graph in use: its compact records (padding included), and how the walk reads
 * them. */
static struct {
    uint32_t *nodes;
    uint32_t entries;
    int mask_column;
    uint32_t root, terminal_limit;
} graph;

/* The last board's walk, kept until the next so that the page can read its words. */
static Walk last;
static unsigned char *last_scratch;
/* Per word found, in rank order: where its letters are, their count, where its path
 * is, its cells, its points (see answer()). */
static uint32_t *answer_rows;

EXPORT("allocate") void *
allocate(uint32_t bytes)
{
    return malloc(bytes);
}

EXPORT("release") void
release(void *block)
{
    free(block);
}

static void
forget_answer(void)
{
    free_walk(&last);
    memset(&last, 0, sizeof last);
    free(last_scratch);
    last_scratch = NULL;
    free(answer_rows);
    answer_rows = NULL;
}

/* Take the compact graph `nodes` (`entries` 32-bit entries, its padding included) with
 * its root and terminal limit, for a ruleset whose rows are `stride` wide with the bit
 * set in `mask_column`. 0, or FAILED_GRAPH when a record or child lies outside the
 * records, FAILED_MEMORY. The records are checked as laying the table out from them
 * checked them (each child the start of a record, each bit a face column), and copied:
 * the caller may release its own. */
EXPORT("load_graph") int
load_graph(const uint32_t *nodes, uint32_t entries, uint32_t root, uint32_t terminal_limit,
           int stride, int mask_column)
{
    forget_answer();
    free(graph.nodes);
    memset(&graph, 0, sizeof graph);
    if (stride < 2 || stride > 64 || mask_column < 1 || mask_column > 32 ||
        mask_column >= stride || entries < COMPACT_PADDING + 2) {
        return FAILED_GRAPH;
    }
    uint32_t end = entries - COMPACT_PADDING; /* where the records end */
    /* A bit per offset where a record starts, the end included, so that a terminal
     * limit past the last record reads as one. */
    uint8_t *starts = calloc((size_t)end / 8 + 1, 1);
    if (starts == NULL) {
        return FAILED_MEMORY;
    }
#define STARTS_AT(offset) ((starts[(offset) >> 3] >> ((offset) & 7)) & 1)
    uint64_t rows = 0;
    uint32_t at = 0;
    while (at < end) {
        starts[at >> 3] |= (uint8_t)(1u << (at & 7));
        rows++;
        at += 1 + (uint32_t)__builtin_popcount(nodes[at]);
    }
    /* Offsets are 32-bit: a graph whose table would pass INT32_MAX entries is refused,
     * as it was when the table was laid out here. */
    int sound = at == end && rows * (uint64_t)stride <= INT32_MAX && root < end &&
                terminal_limit <= end && STARTS_AT(root) &&
                (terminal_limit == end || STARTS_AT(terminal_limit));
    for (at = 0; sound && at < end;) {
        uint32_t mask = nodes[at];
        uint32_t child = at + 1;
        for (uint32_t bits = mask; sound && bits; bits &= bits - 1, child++) {
            uint32_t offset = nodes[child];
            sound = __builtin_ctz(bits) < mask_column && offset != 0 && offset < end &&
                    STARTS_AT(offset);
        }
        at = child;
    }
#undef STARTS_AT
    free(starts);
    if (!sound) {
        return FAILED_GRAPH;
    }
    uint32_t *copy = malloc((size_t)entries * sizeof(uint32_t));
    if (copy == NULL) {
        return FAILED_MEMORY;
    }
    memcpy(copy, nodes, (size_t)entries * sizeof(uint32_t));
    graph.nodes = copy;
    graph.entries = entries;
    graph.mask_column = mask_column;
    graph.root = root;
    graph.terminal_limit = terminal_limit;
    return 0;
}

/* Every word of at least `min_length` letters on a `rows` x `cols` board, ranked: each
 * cell's face as its table column in `column` (BLANK for a blank) and its letters in
 * `letters` (MAX_FACE bytes a cell, zero-padded, letters after z as the symbols the
 * native core spells them in). `scores` holds the points by length, `scores_count` of
 * them, the last for longer words. Past `ceiling` seconds (< 0: none) the walk stops.
 * The count of words found, read with answer(); or a FAILED_ code. */
EXPORT("solve") int
solve(int rows, int cols, int min_length, const uint8_t *column, const char *letters,
      const int32_t *scores, int scores_count, double ceiling)
{
    forget_answer();
    if (graph.nodes == NULL) {
        return FAILED_NO_GRAPH;
    }
    if (rows < 1 || cols < 1 || rows > 65535 || cols > 65535 ||
        (int64_t)rows * cols > 65535 || scores_count < 1 || scores_count > SCORES ||
        min_length < 0) {
        return FAILED_BOARD;
    }
    size_t n = (size_t)rows * (size_t)cols;
    for (size_t c = 0; c < n; c++) {
        if (column[c] != BLANK && column[c] >= graph.mask_column) {
            return FAILED_BOARD;
        }
    }
    uint32_t slot_count = 256;
    while (slot_count < 32 * n && slot_count < 65536) {
        slot_count *= 2;
    }
    /* One block, cleared, for everything the walk reads and writes per cell. */
    size_t sizes[] = {
        n * sizeof(uint64_t),       /* reach */
        n * MAX_FACE,               /* letters */
        n * MAX_FACE + MAX_FACE,    /* word */
        n * 32,                     /* moves_by_column */
        n, n, n,                    /* face_length, move_count, used_bytes */
        n * 8 * sizeof(uint32_t),   /* moves */
        n * sizeof(uint16_t),       /* path */
    };
    size_t total = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        total += (sizes[i] + 7) & ~(size_t)7;
    }
    unsigned char *scratch = calloc(1, total);
    uint32_t *slots = calloc(slot_count, sizeof(uint32_t));
    if (scratch == NULL || slots == NULL) {
        free(scratch);
        free(slots);
        return FAILED_MEMORY;
    }
    unsigned char *part[sizeof sizes / sizeof *sizes];
    unsigned char *next_free = scratch;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        part[i] = next_free;
        next_free += (sizes[i] + 7) & ~(size_t)7;
    }
    uint64_t *reach = (uint64_t *)part[0];
    char (*cell_letters)[MAX_FACE] = (char (*)[MAX_FACE])part[1];
    uint8_t (*moves_by_column)[32] = (uint8_t (*)[32])part[3];
    uint8_t *face_length = part[4], *move_count = part[5];
    for (size_t c = 0; c < n; c++) {
        if (column[c] == BLANK) {
            continue;
        }
        memcpy(cell_letters[c], letters + c * MAX_FACE, MAX_FACE);
        size_t length = strnlen(cell_letters[c], MAX_FACE);
        if (length == 0) {
            free(scratch);
            free(slots);
            return FAILED_BOARD;
        }
        face_length[c] = (uint8_t)length;
    }
    list_moves(rows, cols, column, reach, NULL, moves_by_column, (uint32_t *)part[7],
               move_count);

    Walk *w = &last;
    w->compact = graph.nodes;
    w->compact_max = graph.entries - COMPACT_PADDING - 1; /* the last offset read whole */
    w->compact_terminal_limit = graph.terminal_limit;
    w->mask_column = graph.mask_column;
    w->cells = (int)n;
    w->column = column;
    w->letters = (const char (*)[MAX_FACE])cell_letters;
    w->face_length = face_length;
    w->moves = (const uint32_t *)part[7];
    w->move_count = move_count;
    w->reach = reach;
    w->moves_by_column = (const uint8_t (*)[32])moves_by_column;
    w->used_bytes = part[6];
    w->word = (char *)part[2];
    w->path = (uint16_t *)part[8];
    w->min_length = min_length;
    w->slots = slots;
    w->slot_mask = slot_count - 1;
    w->slots_on_heap = 1;
    w->has_ceiling = ceiling >= 0.0;
    if (w->has_ceiling) {
        w->wall_by = clock_seconds(CLOCK_MONOTONIC) + ceiling;
    }
    last_scratch = scratch;
    walk_board_compact(w, graph.root);
    if (w->halt == HALT_NONE && w->has_ceiling && limit_passed(w)) {
        w->halt = HALT_LIMIT;
    }
    if (w->halt != HALT_NONE) {
        int halt = w->halt;
        forget_answer();
        return halt == HALT_LIMIT ? FAILED_LIMIT
             : halt == HALT_MEMORY ? FAILED_MEMORY
                                   : FAILED_GRAPH;
    }
    Rank *order = malloc(((size_t)w->found_count + 1) * 2 * sizeof(Rank));
    answer_rows = malloc(((size_t)w->found_count + 1) * 5 * sizeof(uint32_t));
    if (order == NULL || answer_rows == NULL) {
        free(order);
        forget_answer();
        return FAILED_MEMORY;
    }
    Rank *sorted = rank_words(w, scores, scores_count - 1, order);
    for (uint32_t i = 0; i < w->found_count; i++) {
        const Found *f = &w->found[sorted[i].index];
        uint32_t *row = answer_rows + 5 * (size_t)i;
        row[0] = (uint32_t)(uintptr_t)(w->text + f->text);
        row[1] = f->length;
        row[2] = (uint32_t)(uintptr_t)(w->paths + f->path);
        row[3] = f->cubes;
        row[4] = (uint32_t)sorted[i].score;
    }
    free(order);
    return (int)w->found_count;
}

/* The last solve's words in rank order: per word five 32-bit entries, the address of
 * its letters and their count, the address of its path (16-bit cell numbers, row by
 * row) and their count, and its points. Valid until the next load_graph or solve. */
EXPORT("answer") const uint32_t *
answer(void)
{
    return answer_rows;
}
