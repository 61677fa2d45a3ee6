/* SPDX-License-Identifier: MIT */
/* libcarcassonne: version macros. Generated from version.h.in by CMake; the
 * only source of the version is project(VERSION) in CMakeLists.txt. */
#ifndef CARCASSONNE_VERSION_H
#define CARCASSONNE_VERSION_H

#define CARC_VERSION_MAJOR 0
#define CARC_VERSION_MINOR 2
#define CARC_VERSION_PATCH 0
#define CARC_VERSION_NUMBER (CARC_VERSION_MAJOR * 10000 + CARC_VERSION_MINOR * 100 + CARC_VERSION_PATCH)
#define CARC_VERSION_STRING "0.2.0"

#endif
