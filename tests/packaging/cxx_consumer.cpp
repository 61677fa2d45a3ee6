// SPDX-License-Identifier: MIT
// The public headers from C++: everything is declared with C linkage, so this
// links against the C library and calls it.
#include <carcassonne/carcassonne.h>

#include <cstdio>
#include <cstring>

int main()
{
    if (std::strcmp(carc_version_string(), CARC_VERSION_STRING) != 0) {
        std::fprintf(stderr, "version mismatch: %s vs %s\n", carc_version_string(),
                     CARC_VERSION_STRING);
        return 1;
    }
    if (std::strcmp(carc_status_name(CARC_EINVAL), "CARC_EINVAL") != 0) {
        std::fprintf(stderr, "carc_status_name(CARC_EINVAL) = %s\n", carc_status_name(CARC_EINVAL));
        return 1;
    }
    carc_game_options opts = CARC_GAME_OPTIONS_INIT;
    std::printf("C++ consumer: libcarcassonne %s, %u players by default\n", carc_version_string(),
                static_cast<unsigned>(opts.players));
    return 0;
}
