/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: the umbrella header. Include this one.
 */
#ifndef CARCASSONNE_CARCASSONNE_H
#define CARCASSONNE_CARCASSONNE_H

#include "version.h"
#include "common.h"
#include "tile.h"
#include "game.h"
#include "moves.h"
#include "board.h"
#include "scoring.h"
#include "undo.h"
#include "serialize.h"
#include "render.h"
#include "search.h"
#include "dice.h"
#include "learn.h"

#endif
