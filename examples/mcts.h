/* SPDX-License-Identifier: MIT */
/*
 * An example Monte Carlo tree search player for libcarcassonne: UCT over
 * determinizations of the hidden draw order (single-observer information-set
 * MCTS), over the whole turn model: every decision the game can wait for
 * (a tile to place with its figure action, the abbot's recall, a pass where a
 * decision is optional, the builder's second tile, the Count's moves out of
 * the City, into a quarter and of the Count). Public API only
 * (<carcassonne/carcassonne.h>, search.h for the playouts), so that it can be
 * copied into a program of your own.
 *
 * Each iteration of the search copies the position into a scratch game,
 * re-shuffles the tiles nobody has seen (carc_game_determinize), walks the
 * tree down by UCT among the moves that are legal in this world, adds one
 * node, plays the game out (carc_playout_run) and backs the result up: every
 * node holds the reward of the player who made the move into it. The move
 * chosen is the root's most visited. See mcts.c for the details.
 *
 * Plain UCT with random playouts is weak in Carcassonne (a random player
 * spends its followers at once, so random playouts say little about a
 * move). An evaluation of positions can be plugged in (`evaluate`): then a
 * node's children all come at once, each valued by the evaluation after
 * its move as `prior_visits` visits, and leaves are valued by the
 * evaluation (after `playout_moves` playout moves) instead of a playout to
 * the end. The "mcts" bot of bots.c plugs in the heuristic bot's evaluation.
 *
 *   mcts_options o = MCTS_OPTIONS_INIT;
 *   mcts *m = NULL;
 *   carc_move move;
 *   o.budget = 500;                       (playouts per move)
 *   if (mcts_new(&m, game, &o) == CARC_OK && mcts_choose(m, game, &move) == CARC_OK)
 *       carc_game_play(game, &move);
 *   mcts_free(m);
 *
 * The names here use the prefix `mcts_`, not `carc_`, which belongs to the
 * library.
 */
#ifndef CARC_EXAMPLES_MCTS_H
#define CARC_EXAMPLES_MCTS_H

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

/*
 * An optional leaf evaluation: an estimate of what each player of `game` (not
 * over) will have at the end, in points, written to values[0..players). It
 * must not change the game. Returns 0, or nonzero to fail the search.
 */
typedef int (*mcts_evaluate_fn)(void *ud, const carc_game *game, double *values, uint32_t players);

/* The search's knobs. Initialise with MCTS_OPTIONS_INIT (or mcts_options_init). */
typedef struct mcts_options {
    uint32_t budget;      /* playouts (iterations) per move; 0: only `seconds` limits */
    double seconds;       /* a time limit per move in seconds, 0: none (then budget > 0) */
    double exploration;   /* the UCT constant c of mean + c * sqrt(ln(available + 1) / visits) */
    uint32_t policy;      /* the playouts' policy (carc_policy): CARC_POLICY_RANDOM or IMMEDIATE */
    double score_weight;  /* reward = (1 - w) * win + w * margin, w in [0, 1] */
    double score_scale;   /* margin = (1 + tanh(points ahead of the best other / scale)) / 2 */
    uint64_t seed;        /* the search's own generator (determinizations, playouts, ties) */
    uint32_t max_nodes;   /* nodes of the tree; 0: budget + 1 (with a time limit only: 1 << 18) */
    mcts_evaluate_fn evaluate; /* NULL: playouts to the end; else playouts of `playout_moves`
                                  moves, then the estimate in place of the final scores */
    void *evaluate_ud;         /* passed to `evaluate` */
    uint32_t playout_moves;    /* with `evaluate`: moves played out before it (0: none) */
    double prior_visits;       /* with `evaluate`, > 0: a node's children are all added at once,
                                  each with this many virtual visits of its evaluation */
    double playout_mix;        /* with `evaluate`: the reward of a leaf is (1 - mix) times the
                                  evaluation's and mix times that of a whole playout from it */
    bool paired;               /* the k-th visit of each root move in the same world (and the
                                  same playout seeds): common random numbers */
    uint32_t max_depth;        /* moves of the tree below the root at most (0: no limit) */
} mcts_options;

#define MCTS_DEFAULT_BUDGET 500
/* playout_moves: play out to the end (the evaluation only gives the priors). */
#define MCTS_PLAYOUT_FULL UINT32_MAX
#define MCTS_OPTIONS_INIT { MCTS_DEFAULT_BUDGET, 0.0, 0.25, CARC_POLICY_RANDOM, 0.5, 20.0, 0, 0, NULL, NULL, 0, 0.0, 0.0, true, 0 }

/* What the last search did (mcts_last_stats). */
typedef struct mcts_stats {
    uint32_t iterations;   /* iterations run (0: one legal move, no search) */
    uint32_t nodes;        /* nodes of the tree, the root included */
    uint32_t moves;        /* legal moves at the root */
    uint32_t best_visits;  /* visits of the move chosen */
    double best_reward;    /* its mean reward for the player to move, in [0, 1] */
    double seconds;        /* time taken by mcts_choose */
} mcts_stats;

typedef struct mcts mcts;

/* Fill `opts` with the defaults (as MCTS_OPTIONS_INIT). */
void mcts_options_init(mcts_options *opts);

/*
 * A player for games like `like` (any players and modules; it is only read,
 * and any game may be searched later: a larger one grows the scratch space
 * once). Everything the search needs is allocated here: the node pool, a
 * scratch game, a playout runner, a move list.
 * Returns CARC_OK, CARC_EINVAL (NULL, budget and seconds both 0, an unknown
 * policy, score_weight or playout_mix outside [0, 1], a scale not above 0, a
 * negative exploration, seconds or prior_visits), CARC_ENOMEM. On failure
 * *out is NULL.
 */
carc_status mcts_new(mcts **out, const carc_game *like, const mcts_options *opts);

/* Free a player. NULL is a no-op. */
void mcts_free(mcts *m);

/*
 * Search `game` (which is only read) and write the move of the player who
 * decides now (carc_pending.player), one of carc_game_legal_moves. A single
 * legal move is returned at once. The same options, seed and sequence of
 * positions give the same moves (except with a time limit).
 * Returns CARC_OK, CARC_EINVAL (NULL), CARC_EGAME_OVER, or what the library
 * reported (CARC_ENOMEM ...).
 */
carc_status mcts_choose(mcts *m, const carc_game *game, carc_move *out);

/* What the last mcts_choose did. */
void mcts_last_stats(mcts_stats *out, const mcts *m);

#endif
