/* SPDX-License-Identifier: MIT */
/* Status names and messages (carc_status_str, carc_status_name). */
#include <carcassonne/carcassonne.h>

#define STATUSES(X)                                                                  \
    X(CARC_OK, "success")                                                            \
    X(CARC_EINVAL, "invalid argument")                                               \
    X(CARC_ERANGE, "value out of range")                                             \
    X(CARC_EVERSION, "unknown options or struct version")                            \
    X(CARC_EUNSUPPORTED, "not supported by this build")                              \
    X(CARC_EBUFFER, "buffer too small")                                              \
    X(CARC_ENOTFOUND, "not found")                                                   \
    X(CARC_EILLEGAL, "illegal move")                                                 \
    X(CARC_EPHASE, "not possible in the current phase of the game")                  \
    X(CARC_EGAME_OVER, "the game is over")                                           \
    X(CARC_ENO_UNDO, "nothing to undo")                                              \
    X(CARC_ENOT_IN_BAG, "tile not among the tiles left to draw")                     \
    X(CARC_EPARSE, "malformed text")                                                 \
    X(CARC_EFORMAT, "unknown record format or version")                              \
    X(CARC_ERECORD, "the record cannot be replayed")                                 \
    X(CARC_ENOMEM, "out of memory")                                                  \
    X(CARC_ELIMIT, "an internal capacity was exceeded")

const char *carc_status_str(carc_status s)
{
    switch (s) {
#define X(name, text) \
    case name:        \
        return text;
        STATUSES(X)
#undef X
    }
    return "unknown status";
}

const char *carc_status_name(carc_status s)
{
    switch (s) {
#define X(name, text) \
    case name:        \
        return #name;
        STATUSES(X)
#undef X
    }
    return "CARC_UNKNOWN";
}
