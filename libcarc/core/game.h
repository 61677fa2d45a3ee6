/* SPDX-License-Identifier: MIT */
/*
 * A game's life cycle (game.c): the options read, a new game dealt from its
 * seed; free, clone and copy are public functions. Never installed.
 */
#ifndef CARCI_CORE_GAME_H
#define CARCI_CORE_GAME_H

#include "core/state.h"

/* The caller's options (version 1 or 2) as the current version, or CARC_EVERSION. */
carc_status carci_options_read(carc_game_options *out, const carc_game_options *in);
/* A new game of these options (carc_game_new's work; the API hands down the rules). */
carc_status carci_game_new(carc_game **out, const carc_game_options *opts, const carci_rules *rules);

#endif
