/* SPDX-License-Identifier: MIT */
/*
 * The players' colours, player 0 first, in one place: the figures and the
 * legend of the SVG picture (svg_pieces.c) and, through the WebAssembly
 * module's layout JSON ("playerColors", bindings/js/carc_wasm.c), the page
 * (web/app.mjs). The sixth player (Inns & Cathedrals) is grey. Data only, no
 * type and no function, so that the binding can take it without the
 * library's internals.
 */
#ifndef CARCI_RENDER_PALETTE_H
#define CARCI_RENDER_PALETTE_H

#define CARCI_PLAYER_COLORS 6
/* fill colours, as SVG writes them */
#define CARCI_PLAYER_FILLS { "#d7261e", "#1f5fd0", "#f4c20d", "#262626", "#c23fbd", "#9a9a9a" }
/* their names in the SVG legend ("player 0 (red): ...") */
#define CARCI_PLAYER_NAMES { "red", "blue", "yellow", "black", "purple", "grey" }

#endif
