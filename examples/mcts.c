/* SPDX-License-Identifier: MIT */
/*
 * An example MCTS player for libcarcassonne (see mcts.h).
 *
 * The search is single-observer information-set MCTS (Cowling, Powley and
 * Whitehouse, "Information Set Monte Carlo Tree Search", 2012), which is UCT
 * over determinizations:
 *
 *  - What a player does not know is the order of the tiles under the current
 *    one. Each iteration makes one world where that order is drawn again:
 *    the position is copied into a scratch game (carc_game_copy without the
 *    undo history, no allocation) and carc_game_determinize re-shuffles the
 *    unseen pile. The current tile stays, so the moves at the root are the
 *    same in every world; below it the tiles differ. The root's child is
 *    chosen first, then the world is made (play_child), so that with
 *    `paired` the k-th visit of every root move is played in the same world
 *    with the same playout seeds: siblings are compared on the same draws
 *    (common random numbers), which takes most of the luck of the draw out
 *    of their difference.
 *
 *  - A node is reached by one move, and holds the number of its visits, the
 *    sum of the rewards of the player who made that move, and how often it
 *    was available (legal in the world of an iteration that passed through
 *    its parent). Children are keyed by the whole move (carc_move: the tile
 *    kind is part of it), so the children of a node after a draw are the
 *    moves of every tile that was drawn there in some world; in each world
 *    only the moves legal there are considered. This covers every decision
 *    kind alike: place moves with their figure action (and the abbot's
 *    recall), passes, the builder's second tile, the Count's exits, quarters
 *    and moves of the Count. The player who decides is carc_pending.player,
 *    with the Count not always the one whose turn it is.
 *
 *  - Selection: at a node, the legal moves of the world (carc_game_legal_moves
 *    with CARC_ENUM_UNIQUE_ROTATIONS: rotations that give the same tile once)
 *    are put in a small hash table; the children that are among them are
 *    available, and the others are not seen in this world. While a legal move
 *    has no child, one is added (expansion) and the walk stops there.
 *    Otherwise the walk goes on into the available child with the best
 *    mean + c * sqrt(ln(availability + 1) / visits)  (UCB1 with availability
 *    counts in place of the parent's visits).
 *
 *  - Expansion: plain UCT adds one legal move without a child, at random.
 *    With an evaluation (mcts_options.evaluate) and prior_visits > 0, every
 *    legal move of the world without a child gets one at once, each valued
 *    by the evaluation after the move (played and taken back on the scratch
 *    game): that value counts as prior_visits visits. Then the best child is
 *    entered and the walk stops. A prior is the value right after the move,
 *    the visits' rewards come from deeper (after the others' replies), which
 *    lie lower or higher on the whole; so a prior is shifted by the mean
 *    difference between reward and prior seen among its siblings so far
 *    (node_mean), or an unvisited child would look better, or worse, than
 *    its visited siblings for that reason alone.
 *
 *  - Leaf: plain UCT plays the world to its end with carc_playout_run (a
 *    built-in policy, random by default), without allocating. With an
 *    evaluation, `playout_moves` moves are played by the policy
 *    (carc_playout_choose) and the evaluation's estimate of each player's
 *    final points takes the place of the final scores (MCTS_PLAYOUT_FULL:
 *    playouts to the end, the evaluation only for the priors;
 *    `playout_mix`: a whole playout from the leaf mixed in).
 *
 *  - Reward: for each player p, with s the final scores (or the estimates),
 *      win(p)    = 1 for the sole leader, 1/k for each of k tied leaders, else 0
 *      margin(p) = (1 + tanh((s[p] - max over q != p of s[q]) / scale)) / 2
 *      reward(p) = (1 - w) * win(p) + w * margin(p)        (in [0, 1])
 *    The margin gives a signal when a few playouts all win or all lose.
 *    Backing up, each node on the path adds the reward of the player who
 *    moved into it (so in a game of 3 or more, each player maximizes his own
 *    reward: the "paranoid" simplification is not made).
 *
 *  - The move played: the root child with the most visits, priors counted
 *    (ties: the better mean). The node pool (budget + 1 nodes for plain UCT,
 *    64 times that with priors), the scratch game, the playout runner, the
 *    move list, the hash table and the path are allocated once by mcts_new,
 *    so an iteration allocates nothing (the first position with more legal
 *    moves than seen so far grows the move list and the table once). When
 *    the pool is full, the tree stops growing and the search goes on.
 *
 * The tree is built anew for every move: nothing is kept from the previous
 * search. Nothing here reads the hidden order of the pile: the search sees
 * what a player at the table sees.
 */
#include "mcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MCTS_MAX_PLAYERS 8
#define NO_NODE UINT32_MAX
#define TIME_CHECK_EVERY 8 /* iterations between two looks at the clock */

typedef struct mcts_node {
    carc_move move;   /* the move into this node (the root: none) */
    uint32_t child;   /* first child, or NO_NODE */
    uint32_t sibling; /* next child of the same parent, or NO_NODE */
    uint32_t visits;
    uint32_t avail;   /* iterations through the parent in whose world this move was legal */
    uint32_t player;  /* who made the move */
    double prior;     /* virtual visits of the prior, 0: none */
    double prior_value; /* the evaluation's reward for `player` after the move */
    double reward;    /* sum of the rewards of `player` over the visits */
    double delta_sum; /* over the visits of children with a prior: reward - prior_value */
    uint32_t delta_n;
} mcts_node;

struct mcts {
    mcts_options opt;
    uint64_t rng;
    mcts_node *nodes;
    uint32_t cap, count;
    uint32_t *path; /* the nodes of one iteration's walk, the root first */
    carc_game *world;
    carc_playout *runner;
    carc_movelist *moves;
    uint32_t *table; /* the legal moves of a node: index + 1, 0 empty; open addressing */
    uint8_t *seen;   /* seen[i]: legal move i has a child */
    uint32_t table_cap, seen_cap;
    uint32_t table_mask; /* the part of the table in use for the node at hand: 2^k - 1 */
    uint64_t pair_seed;  /* paired worlds: the seeds of this search */
    uint64_t leaf_rng;   /* the playout seeds of this iteration */
    bool determinized;   /* this iteration's world is made */
    mcts_stats stats;
};

/* ---- small helpers --------------------------------------------------------- */

static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint32_t rng_below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(((rng_next(state) >> 32) * (uint64_t)n) >> 32);
}

static double now_seconds(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint32_t move_hash(const carc_move *m)
{
    uint64_t a, b, h;
    memcpy(&a, m, 8);
    memcpy(&b, (const unsigned char *)m + 8, 8);
    h = (a ^ (b * 0x9E3779B97F4A7C15u)) * 0xBF58476D1CE4E5B9u;
    return (uint32_t)(h >> 32);
}

static bool move_equal(const carc_move *a, const carc_move *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static uint32_t decider(const carc_game *g)
{
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    if (carc_game_pending(&pd, g) != CARC_OK)
        return 0;
    return pd.player;
}

/* ---- options, creation ----------------------------------------------------- */

void mcts_options_init(mcts_options *opts)
{
    const mcts_options defaults = MCTS_OPTIONS_INIT;
    if (opts != NULL)
        *opts = defaults;
}

static bool options_valid(const mcts_options *o)
{
    if (o->budget == 0 && !(o->seconds > 0.0))
        return false;
    if (!(o->seconds >= 0.0) || !(o->exploration >= 0.0) || !(o->score_scale > 0.0))
        return false;
    if (!(o->score_weight >= 0.0 && o->score_weight <= 1.0) || !(o->playout_mix >= 0.0 && o->playout_mix <= 1.0))
        return false;
    if (!(o->prior_visits >= 0.0))
        return false;
    return o->policy == CARC_POLICY_RANDOM || o->policy == CARC_POLICY_IMMEDIATE;
}

carc_status mcts_new(mcts **out, const carc_game *like, const mcts_options *opts)
{
    mcts *m;
    carc_status st;
    uint64_t cap;

    if (out != NULL)
        *out = NULL;
    if (out == NULL || like == NULL || opts == NULL || !options_valid(opts))
        return CARC_EINVAL;
    m = calloc(1, sizeof *m);
    if (m == NULL)
        return CARC_ENOMEM;
    m->opt = *opts;
    m->rng = opts->seed;
    (void)rng_next(&m->rng);

    cap = opts->max_nodes != 0 ? opts->max_nodes : opts->budget != 0 ? (uint64_t)opts->budget + 1 : 1u << 18;
    if (opts->max_nodes == 0 && opts->evaluate != NULL && opts->prior_visits > 0.0)
        cap = cap * 64; /* every expansion adds all the legal moves of a node */
    if (cap < 2)
        cap = 2;
    if (cap > (1u << 26))
        cap = 1u << 26;
    m->cap = (uint32_t)cap;
    m->nodes = malloc((size_t)m->cap * sizeof *m->nodes);
    m->path = malloc((size_t)m->cap * sizeof *m->path);
    m->table_cap = 512;
    m->seen_cap = 256;
    m->table = calloc(m->table_cap, sizeof *m->table);
    m->seen = calloc(m->seen_cap, sizeof *m->seen);
    if (m->nodes == NULL || m->path == NULL || m->table == NULL || m->seen == NULL) {
        mcts_free(m);
        return CARC_ENOMEM;
    }
    st = carc_game_clone(&m->world, like, CARC_CLONE_NO_HISTORY);
    if (st == CARC_OK)
        st = carc_playout_new(&m->runner, like);
    if (st == CARC_OK)
        st = carc_movelist_new(&m->moves, like);
    if (st != CARC_OK) {
        mcts_free(m);
        return st;
    }
    *out = m;
    return CARC_OK;
}

void mcts_free(mcts *m)
{
    if (m == NULL)
        return;
    carc_movelist_free(m->moves);
    carc_playout_free(m->runner);
    carc_game_free(m->world);
    free(m->nodes);
    free(m->path);
    free(m->table);
    free(m->seen);
    free(m);
}

void mcts_last_stats(mcts_stats *out, const mcts *m)
{
    if (out == NULL)
        return;
    if (m == NULL)
        memset(out, 0, sizeof *out);
    else
        *out = m->stats;
}

/* ---- the tree -------------------------------------------------------------- */

/* The scores of a finished game, as values. */
static void final_scores(const carc_game *g, double *values, uint32_t players)
{
    for (uint32_t p = 0; p < players; p++) {
        int32_t sc = 0;
        carc_game_score(&sc, g, p);
        values[p] = (double)sc;
    }
}

static uint32_t node_add(mcts *m, uint32_t parent, const carc_move *move, uint32_t player)
{
    uint32_t i = m->count++;
    mcts_node *n = &m->nodes[i];
    n->move = *move;
    n->child = NO_NODE;
    n->sibling = NO_NODE;
    n->visits = 0;
    n->avail = 0;
    n->player = player;
    n->prior = 0.0;
    n->prior_value = 0.0;
    n->reward = 0.0;
    n->delta_sum = 0.0;
    n->delta_n = 0;
    if (parent != NO_NODE) {
        n->sibling = m->nodes[parent].child;
        m->nodes[parent].child = i;
    }
    return i;
}

/* Room in the hash table and the `seen` flags for n legal moves. */
static carc_status reserve(mcts *m, size_t n)
{
    if (n > UINT32_MAX / 4)
        return CARC_ENOMEM;
    if (n > m->seen_cap) {
        uint32_t cap = m->seen_cap;
        uint8_t *p;
        while (cap < n)
            cap *= 2;
        p = realloc(m->seen, cap);
        if (p == NULL)
            return CARC_ENOMEM;
        m->seen = p;
        m->seen_cap = cap;
    }
    if (2 * n > m->table_cap) {
        uint32_t cap = m->table_cap;
        uint32_t *p;
        while (cap < 2 * n)
            cap *= 2;
        p = malloc((size_t)cap * sizeof *p);
        if (p == NULL)
            return CARC_ENOMEM;
        free(m->table);
        m->table = p;
        m->table_cap = cap;
    }
    return CARC_OK;
}

/* The index of `move` among the legal moves in the table, or -1. */
static long table_find(const mcts *m, const carc_move *legal, const carc_move *move)
{
    uint32_t mask = m->table_mask, i = move_hash(move) & mask;
    for (;;) {
        uint32_t e = m->table[i];
        if (e == 0)
            return -1;
        if (move_equal(&legal[e - 1], move))
            return (long)(e - 1);
        i = (i + 1) & mask;
    }
}

static void rewards(const mcts *m, const double *s, uint32_t players, double *r);

/*
 * The mean reward of child `ch` of `parent`, its prior counted as
 * ch->prior visits. The prior is the evaluation right after the move; the
 * visits' rewards come from deeper (after the replies), which lie lower or
 * higher on the whole: the prior is corrected by the mean difference seen
 * so far among the parent's children (an unvisited child would otherwise
 * look better, or worse, than its visited siblings for that reason alone).
 */
static double node_mean(const mcts_node *parent, const mcts_node *ch)
{
    double visits = (double)ch->visits + ch->prior, shift = 0.0;
    if (!(visits > 0.0))
        return 0.0;
    if (parent->delta_n > 0)
        shift = parent->delta_sum / (double)parent->delta_n;
    return (ch->prior * (ch->prior_value + shift) + ch->reward) / visits;
}

/*
 * Play child c of `node` in the world. From the root, the world is made
 * first: the unseen pile re-shuffled (the root's moves are the same in every
 * world, so the choice comes first). With `paired`, the k-th visit of every
 * root child gets the same world (seed k of this search) and the same
 * playout seeds: siblings are compared on the same draws (common random
 * numbers), which takes most of the luck of the draw out of their difference.
 */
static carc_status play_child(mcts *m, uint32_t node, uint32_t c)
{
    if (node == 0) {
        uint64_t seed;
        carc_status st;
        if (m->opt.paired) {
            uint64_t k = m->pair_seed + (uint64_t)m->nodes[c].visits * 0xD1B54A32D192ED03u;
            seed = rng_next(&k);
            m->leaf_rng = rng_next(&k);
        } else {
            seed = rng_next(&m->rng);
            m->leaf_rng = rng_next(&m->rng);
        }
        st = carc_game_determinize(m->world, seed);
        if (st != CARC_OK)
            return st;
        m->determinized = true;
    }
    return carc_game_play(m->world, &m->nodes[c].move);
}

/*
 * One step down from `node` in the world m->world: the legal moves are
 * listed; either a child is added (*expanded) or the best available child by
 * UCB is chosen. The chosen move is played in the world. *next is the child,
 * or NO_NODE when the node can go no further (the tree is full and no child
 * is legal here: the playout starts from the node).
 */
static carc_status descend(mcts *m, uint32_t node, uint32_t *next, bool *expanded)
{
    const carc_move *legal;
    size_t n;
    uint32_t untried = 0, best = NO_NODE, player;
    double best_value = -1.0;
    bool expanded_all = false;
    carc_status st;

    *next = NO_NODE;
    *expanded = false;
    st = carc_game_legal_moves(m->moves, m->world, CARC_ENUM_UNIQUE_ROTATIONS);
    if (st != CARC_OK)
        return st;
    n = carc_movelist_count(m->moves);
    legal = carc_movelist_data(m->moves);
    if (n == 0)
        return CARC_EGAME_OVER;
    player = decider(m->world);

    st = reserve(m, n);
    if (st != CARC_OK)
        return st;
    m->table_mask = 15;
    while (m->table_mask + 1 < 2 * n)
        m->table_mask = 2 * m->table_mask + 1;
    memset(m->table, 0, ((size_t)m->table_mask + 1) * sizeof *m->table);
    memset(m->seen, 0, n);
    for (size_t i = 0; i < n; i++) {
        uint32_t mask = m->table_mask, h = move_hash(&legal[i]) & mask;
        while (m->table[h] != 0)
            h = (h + 1) & mask;
        m->table[h] = (uint32_t)i + 1;
    }

    /* The children legal in this world are available: mark them, count it. */
    for (uint32_t c = m->nodes[node].child; c != NO_NODE; c = m->nodes[c].sibling) {
        mcts_node *ch = &m->nodes[c];
        long k = table_find(m, legal, &ch->move);
        if (k < 0)
            continue;
        m->seen[k] = 1;
        ch->avail++;
    }
    for (size_t i = 0; i < n; i++)
        untried += m->seen[i] == 0;

    if (untried > 0 && m->count < m->cap && m->opt.evaluate != NULL && m->opt.prior_visits > 0.0) {
        /* Expansion with priors: every legal move without a child gets one,
         * valued by the evaluation after the move (played and taken back). */
        double values[MCTS_MAX_PLAYERS], r[MCTS_MAX_PLAYERS];
        uint32_t players = 0;
        carc_game_players(&players, m->world);
        for (size_t i = 0; i < n && m->count < m->cap; i++) {
            uint32_t c;
            bool over = false;
            if (m->seen[i] != 0)
                continue;
            c = node_add(m, node, &legal[i], player);
            m->nodes[c].avail = 1;
            st = carc_game_play(m->world, &legal[i]);
            if (st != CARC_OK)
                return st;
            if (carc_game_is_over(&over, m->world) == CARC_OK && over) {
                final_scores(m->world, values, players);
            } else if (m->opt.evaluate(m->opt.evaluate_ud, m->world, values, players) != 0) {
                return CARC_EINVAL;
            }
            st = carc_game_undo(m->world);
            if (st != CARC_OK)
                return st;
            rewards(m, values, players, r);
            m->nodes[c].prior = m->opt.prior_visits;
            m->nodes[c].prior_value = r[player];
            m->seen[i] = 1;
        }
        expanded_all = true;
    } else if (untried > 0 && m->count < m->cap) {
        /* Expansion: a legal move without a child, at random. */
        uint32_t pick = rng_below(&m->rng, untried);
        for (size_t i = 0; i < n; i++) {
            if (m->seen[i] != 0)
                continue;
            if (pick-- == 0) {
                uint32_t c = node_add(m, node, &legal[i], player);
                m->nodes[c].avail = 1;
                st = play_child(m, node, c);
                if (st != CARC_OK)
                    return st;
                *next = c;
                *expanded = true;
                return CARC_OK;
            }
        }
    }

    /* Selection among the available children. */
    for (uint32_t c = m->nodes[node].child; c != NO_NODE; c = m->nodes[c].sibling) {
        const mcts_node *ch = &m->nodes[c];
        double value;
        long k = table_find(m, legal, &ch->move);
        if (k < 0)
            continue;
        double visits = (double)ch->visits + ch->prior;
        if (!(visits > 0.0)) {
            value = 1e9; /* added when the tree was full: not yet played */
        } else {
            value = node_mean(&m->nodes[node], ch)
                    + m->opt.exploration * sqrt(log((double)ch->avail + 1.0) / visits);
        }
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    if (best == NO_NODE)
        return CARC_OK; /* the tree is full and none of its moves is legal here */
    st = play_child(m, node, best);
    if (st != CARC_OK)
        return st;
    *next = best;
    *expanded = expanded_all;
    return CARC_OK;
}

/* The rewards of the finished world's players (scores s[0..players)). */
static void rewards(const mcts *m, const double *s, uint32_t players, double *r)
{
    double top = -1e300;
    uint32_t leaders = 0;
    for (uint32_t p = 0; p < players; p++)
        if (s[p] > top)
            top = s[p];
    for (uint32_t p = 0; p < players; p++)
        leaders += s[p] == top;
    for (uint32_t p = 0; p < players; p++) {
        double other = -1e300;
        double win = s[p] == top ? 1.0 / (double)leaders : 0.0, margin;
        for (uint32_t q = 0; q < players; q++)
            if (q != p && s[q] > other)
                other = s[q];
        margin = 0.5 * (1.0 + tanh((s[p] - other) / m->opt.score_scale));
        r[p] = (1.0 - m->opt.score_weight) * win + m->opt.score_weight * margin;
    }
}

/* A playout of opt.playout_moves moves at most, then the evaluation. */
static carc_status playout_evaluated(mcts *m, uint64_t seed, double *values, uint32_t players)
{
    bool over = false;
    uint64_t rng = seed;
    for (uint32_t k = 0; k < m->opt.playout_moves; k++) {
        carc_move move;
        carc_status st;
        if (carc_game_is_over(&over, m->world) != CARC_OK || over)
            break;
        st = carc_playout_choose(&move, m->runner, m->world, m->opt.policy, &rng);
        if (st == CARC_OK)
            st = carc_game_play(m->world, &move);
        if (st != CARC_OK)
            return st;
    }
    if (carc_game_is_over(&over, m->world) == CARC_OK && over) {
        final_scores(m->world, values, players);
        return CARC_OK;
    }
    return m->opt.evaluate(m->opt.evaluate_ud, m->world, values, players) == 0 ? CARC_OK : CARC_EINVAL;
}

/* One iteration: determinize, walk down, add a node, play out, back up. */
static carc_status iterate(mcts *m, const carc_game *root, uint32_t players)
{
    int32_t scores[MCTS_MAX_PLAYERS];
    double r[MCTS_MAX_PLAYERS], values[MCTS_MAX_PLAYERS];
    uint32_t depth = 0, node = 0;
    carc_status st;
    bool over = false;

    st = carc_game_copy(m->world, root, CARC_CLONE_NO_HISTORY);
    if (st != CARC_OK)
        return st;
    m->determinized = false; /* play_child does it, from the root */

    m->path[depth++] = 0;
    for (;;) {
        uint32_t next;
        bool expanded;
        if (carc_game_is_over(&over, m->world) != CARC_OK || over)
            break;
        if (m->opt.max_depth != 0 && depth > m->opt.max_depth)
            break;
        st = descend(m, node, &next, &expanded);
        if (st != CARC_OK)
            return st;
        if (next == NO_NODE)
            break;
        node = next;
        m->path[depth++] = node;
        if (expanded)
            break;
    }

    if (!m->determinized) { /* the walk never left the root */
        st = carc_game_determinize(m->world, rng_next(&m->rng));
        if (st != CARC_OK)
            return st;
        m->leaf_rng = rng_next(&m->rng);
    }
    if (carc_game_is_over(&over, m->world) == CARC_OK && over) {
        for (uint32_t p = 0; p < players; p++)
            carc_game_score(&scores[p], m->world, p);
    } else if (m->opt.evaluate != NULL && m->opt.playout_moves != MCTS_PLAYOUT_FULL) {
        st = playout_evaluated(m, rng_next(&m->leaf_rng), values, players);
        if (st != CARC_OK)
            return st;
    } else {
        st = carc_playout_run(m->runner, m->world, m->opt.policy, rng_next(&m->leaf_rng), scores, players, NULL);
        if (st != CARC_OK)
            return st;
    }
    if (m->opt.evaluate == NULL || m->opt.playout_moves == MCTS_PLAYOUT_FULL || over)
        for (uint32_t p = 0; p < players; p++)
            values[p] = (double)scores[p];
    rewards(m, values, players, r);
    if (m->opt.playout_mix > 0.0 && !over && m->opt.evaluate != NULL && m->opt.playout_moves != MCTS_PLAYOUT_FULL) {
        /* the evaluation mixed with a whole playout from the leaf */
        double rp[MCTS_MAX_PLAYERS];
        st = carc_playout_run(m->runner, m->world, m->opt.policy, rng_next(&m->leaf_rng), scores, players, NULL);
        if (st != CARC_OK)
            return st;
        for (uint32_t p = 0; p < players; p++)
            values[p] = (double)scores[p];
        rewards(m, values, players, rp);
        for (uint32_t p = 0; p < players; p++)
            r[p] = (1.0 - m->opt.playout_mix) * r[p] + m->opt.playout_mix * rp[p];
    }
    for (uint32_t i = 0; i < depth; i++) {
        mcts_node *n = &m->nodes[m->path[i]];
        n->visits++;
        if (i == 0)
            continue;
        n->reward += r[n->player];
        if (n->prior > 0.0) {
            mcts_node *parent = &m->nodes[m->path[i - 1]];
            parent->delta_sum += r[n->player] - n->prior_value;
            parent->delta_n++;
        }
    }
    return CARC_OK;
}

carc_status mcts_choose(mcts *m, const carc_game *game, carc_move *out)
{
    double start, deadline;
    uint32_t players = 0, best = NO_NODE;
    carc_status st;
    size_t n;
    carc_move none, first;

    if (m == NULL || game == NULL || out == NULL)
        return CARC_EINVAL;
    start = now_seconds();
    memset(&m->stats, 0, sizeof m->stats);
    st = carc_game_players(&players, game);
    if (st != CARC_OK)
        return st;
    if (players > MCTS_MAX_PLAYERS)
        return CARC_EINVAL;
    st = carc_game_legal_moves(m->moves, game, CARC_ENUM_UNIQUE_ROTATIONS);
    if (st != CARC_OK)
        return st;
    n = carc_movelist_count(m->moves);
    if (n == 0)
        return CARC_EGAME_OVER;
    m->stats.moves = (uint32_t)n;
    first = carc_movelist_data(m->moves)[0];
    if (n == 1) {
        *out = first;
        m->stats.nodes = 1;
        m->stats.best_visits = 0;
        m->stats.seconds = now_seconds() - start;
        return CARC_OK;
    }

    memset(&none, 0, sizeof none);
    none.segment = CARC_NO_SEGMENT;
    m->count = 0;
    m->pair_seed = rng_next(&m->rng);
    (void)node_add(m, NO_NODE, &none, decider(game));
    deadline = m->opt.seconds > 0.0 ? start + m->opt.seconds : 0.0;
    for (uint32_t it = 0; m->opt.budget == 0 || it < m->opt.budget; it++) {
        if (deadline > 0.0 && it % TIME_CHECK_EVERY == 0 && it > 0 && now_seconds() >= deadline)
            break;
        st = iterate(m, game, players);
        if (st != CARC_OK)
            return st;
        m->stats.iterations++;
    }

    for (uint32_t c = m->nodes[0].child; c != NO_NODE; c = m->nodes[c].sibling) {
        const mcts_node *ch = &m->nodes[c];
        double v = (double)ch->visits + ch->prior;
        double bv = best == NO_NODE ? 0.0 : (double)m->nodes[best].visits + m->nodes[best].prior;
        if (best == NO_NODE || v > bv
            || (v == bv && node_mean(&m->nodes[0], ch) > node_mean(&m->nodes[0], &m->nodes[best])))
            best = c;
    }
    if (best == NO_NODE) {
        *out = first; /* no iteration ran (time limit) */
    } else {
        *out = m->nodes[best].move;
        m->stats.best_visits = m->nodes[best].visits;
        m->stats.best_reward = node_mean(&m->nodes[0], &m->nodes[best]);
    }
    m->stats.nodes = m->count;
    m->stats.seconds = now_seconds() - start;
    return CARC_OK;
}
