/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: helpers for game-playing programs (tree search, self-play):
 * playouts with built-in policies, determinization of the hidden draw order,
 * the multiset of tiles left, and a 64-bit position hash.
 */
#ifndef CARCASSONNE_SEARCH_H
#define CARCASSONNE_SEARCH_H

#include "game.h"
#include "moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The built-in policies of a playout (carc_playout_run, carc_playout_choose),
 * named "random" and "immediate" in the bindings and the tools. @since 0.2 */
typedef enum carc_policy {
    /** Uniform over every legal answer to the pending decision (the whole list
     * carc_game_legal_moves gives with CARC_ENUM_UNIQUE_ROTATIONS: placement
     * and figure action together, rotations that give an identical tile
     * counted once, and the Count's decisions and passes alike). */
    CARC_POLICY_RANDOM = 0,
    /** The answer (of the same list) that gains the most immediate points:
     * the deciding player's points after the move minus before, less the
     * most any other player gains by it; ties broken uniformly at random.
     * One ply, points only: it values no open feature, figure or tile to
     * come (about 46 points a player in a two-player base game against
     * itself; the heuristic bot of examples/bots.c, which values them too,
     * about 106: examples/README.md). Named "immediate" in the bindings and
     * tools. */
    CARC_POLICY_IMMEDIATE = 1,
    /** Deprecated alias of CARC_POLICY_IMMEDIATE (the same value, its name
     * before 0.2.0), kept so that older sources compile; new code says
     * IMMEDIATE. The bindings and tools refuse the name "greedy". */
    CARC_POLICY_GREEDY = CARC_POLICY_IMMEDIATE
} carc_policy;

/**
 * A playout runner: the scratch space of playouts (a work game, a move list,
 * a journal for trying moves), sized when it is made so that playouts never
 * allocate. Not thread-safe: one runner per thread. Any game (any players and
 * modules) may be played with any runner; the first playout of a larger
 * ruleset grows the runner once.
 * @since 0.2
 */
typedef struct carc_playout carc_playout;

/**
 * A runner sized for games like `like` (which is only read), using its
 * allocator. @return CARC_OK, CARC_EINVAL (NULL), CARC_ENOMEM.
 * @since 0.2
 */
CARC_API carc_status carc_playout_new(carc_playout **out, const carc_game *like);

/** Free a runner. NULL is a no-op. @since 0.2 */
CARC_API void carc_playout_free(carc_playout *runner);

/**
 * The move `policy` plays now in `game` (which is only read). `*rng` is the
 * state of the policy's generator (splitmix64: any value is a seed), advanced
 * by the choice. A playout (carc_playout_run) with seed s plays exactly the
 * moves this function gives, one after another, with *rng starting at s.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown policy), CARC_EGAME_OVER,
 *         CARC_ENOMEM.
 * @since 0.2
 */
CARC_API carc_status carc_playout_choose(carc_move *out, carc_playout *runner, const carc_game *game,
                                         uint32_t policy, uint64_t *rng);

/**
 * Play a copy of `game` to the end with `policy` for every player and
 * decision, drawing the tiles in the order of `game`'s pile (determinize it
 * first, carc_game_determinize, to sample an unknown order); `game` is not
 * changed. Writes the final scores of the players to scores[0..n) (n at least
 * the number of players; a NULL scores with n 0 is allowed) and, when `moves`
 * is not NULL, the number of moves played. The finished game stays readable
 * with carc_playout_game until the runner's next call.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown policy), CARC_ERANGE (n too
 *         small), CARC_ENOMEM (only when the runner must grow).
 * @since 0.2
 */
CARC_API carc_status carc_playout_run(carc_playout *runner, const carc_game *game, uint32_t policy, uint64_t seed,
                                      int32_t *scores, size_t n, uint32_t *moves);

/**
 * The game the runner's last playout ended in (events, board, records), or
 * NULL before the first. Borrowed: valid until the next call on the runner.
 * It has no undo history.
 * @since 0.2
 */
CARC_API const carc_game *carc_playout_game(const carc_playout *runner);

/**
 * Re-shuffle, from `seed`, the tiles no player has seen: every tile of the
 * pile under the current one. The current tile, the unplaceable tiles above
 * it (drawn and discarded when the move is played), the board, the scores,
 * the supplies and the multiset of remaining tiles do not change; nor does
 * the order the rules impose (with the River, the river tiles still come
 * first and the lake last of them). The new order is a function of the seed
 * and of what every player knows (the multiset of unseen tiles), not of the
 * hidden order it replaces: the same seed on two games that look the same
 * gives the same pile. Not a move: it is not in the history,
 * and the undo of the last move (or tile choice) also puts the pile back as
 * it was before that move. The next draws differ; records stay valid (they
 * name each drawn tile).
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_ENOMEM (game unchanged).
 * @since 0.2
 */
CARC_API carc_status carc_game_determinize(carc_game *game, uint64_t seed);

/**
 * The multiset of tiles left to draw, the current tile included (as
 * carc_game_remaining_of for every kind): counts[k] for every tile kind
 * k < n (carc_tile_kind_count() kinds exist; kinds past n are not written,
 * kinds in [carc_tile_kind_count(), n) get 0). When `total` is not NULL it
 * receives carc_game_remaining.
 * @return CARC_OK, CARC_EINVAL (NULL counts with n > 0, NULL game).
 * @since 0.2
 */
CARC_API carc_status carc_game_remaining_tiles(uint32_t *counts, size_t n, uint32_t *total, const carc_game *game);

/**
 * A 64-bit hash of the position, for transposition tables: equal for equal
 * positions whatever the order of the moves that led to them. A position is
 * the tiles on the board (place, kind, rotation), the figures (tile, segment,
 * owner, kind), the scores, supplies and goods of the players, the City of
 * Carcassonne (the Count, the followers in each quarter), the multiset of
 * tiles left, the current tile, the pending decision and the player who must
 * take it. The hidden order of the pile is not part of it. Maintained as the
 * game is played (the board's part incrementally, Zobrist style; undo
 * restores it), so a call costs tens of nanoseconds, not a walk of the board.
 * @return CARC_OK, CARC_EINVAL (NULL).
 * @since 0.2
 */
CARC_API carc_status carc_game_hash(uint64_t *out, const carc_game *game);

#ifdef __cplusplus
}
#endif
#endif
