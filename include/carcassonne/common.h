/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: common definitions (export macro, status codes, allocator).
 *
 * Conventions for the whole API (see README "API conventions"):
 *  - Every fallible function returns carc_status: CARC_OK (0) or a negative code.
 *  - Out-parameters come first and are named out; results written through a
 *    `T **out` belong to the caller and are released with the matching _free.
 *  - A pointer returned directly is borrowed: valid until its parent object is
 *    next mutated or freed (each function says which).
 *  - A rejected call leaves every object exactly as it was.
 *
 * Thread safety: the library has no global mutable state. Distinct handles may
 * be used on distinct threads at the same time. A handle that any thread
 * mutates needs external locking; concurrent read-only (const) calls on a handle
 * that nobody mutates are safe. Read-only functions never write to the handle
 * (not even the last-error text).
 */
#ifndef CARCASSONNE_COMMON_H
#define CARCASSONNE_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && !defined(CARC_STATIC)
#  ifdef CARC_BUILDING
#    define CARC_API __declspec(dllexport)
#  else
#    define CARC_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define CARC_API __attribute__((visibility("default")))
#else
#  define CARC_API
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define CARC_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#  define CARC_DEPRECATED(msg)
#endif

/**
 * Status codes. Values are frozen forever: a retired code keeps its number and
 * is never reused. Bands: usage -1..-99, rules -100..-199, serialization
 * -200..-299, resources -300 and below.
 * @since 0.1
 */
typedef enum carc_status {
    CARC_OK = 0,
    /* usage errors */
    CARC_EINVAL = -1,          /**< an argument is invalid (NULL, unknown enum value, ...) */
    CARC_ERANGE = -2,          /**< a number is out of range (player, rotation, index, ...) */
    CARC_EVERSION = -3,        /**< an options/struct version this library does not know */
    CARC_EUNSUPPORTED = -4,    /**< a rules module or feature not implemented by this build */
    CARC_EBUFFER = -5,         /**< the caller's buffer is too small; the size needed is reported */
    CARC_ENOTFOUND = -6,       /**< nothing at that place / no such item */
    /* rules errors */
    CARC_EILLEGAL = -100,      /**< the move breaks the rules */
    CARC_EPHASE = -101,        /**< the call does not fit the current phase of the game */
    CARC_EGAME_OVER = -102,    /**< the game is over */
    CARC_ENO_UNDO = -103,      /**< there is nothing to undo */
    CARC_ENOT_IN_BAG = -104,   /**< the tile asked for is not among the tiles left to draw */
    /* serialization errors */
    CARC_EPARSE = -200,        /**< malformed text (record, move notation) */
    CARC_EFORMAT = -201,       /**< unknown magic or format version */
    CARC_ERECORD = -202,       /**< a well-formed record that cannot be replayed (illegal move, ...) */
    /* resource errors */
    CARC_ENOMEM = -300,        /**< an allocation failed */
    CARC_ELIMIT = -301         /**< an internal capacity was exceeded */
} carc_status;

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(carc_status) == sizeof(int), "carc_status must be int-sized");
#endif

/**
 * A static, human-readable description of a status. Never NULL; unknown
 * values give "unknown status".
 * @since 0.1
 */
CARC_API const char *carc_status_str(carc_status status);

/**
 * The enumerator's spelling ("CARC_EINVAL"), for bindings and tests. Never
 * NULL; unknown values give "CARC_UNKNOWN".
 * @since 0.1
 */
CARC_API const char *carc_status_name(carc_status status);

/**
 * A caller-supplied allocator, used by one game and everything derived from it
 * (move lists, clones). All three functions are required. `ud` is passed back
 * unchanged. The struct is frozen for the life of this SONAME.
 * @since 0.1
 */
typedef struct carc_allocator {
    void *(*alloc)(void *ud, size_t size);
    void *(*realloc)(void *ud, void *ptr, size_t old_size, size_t new_size);
    void (*free)(void *ud, void *ptr, size_t size);
    void *ud;
} carc_allocator;

/** The library version as MAJOR*10000 + MINOR*100 + PATCH. @since 0.1 */
CARC_API uint32_t carc_version_number(void);
/** The library version as "MAJOR.MINOR.PATCH" (static string). @since 0.1 */
CARC_API const char *carc_version_string(void);

#ifdef __cplusplus
}
#endif
#endif
