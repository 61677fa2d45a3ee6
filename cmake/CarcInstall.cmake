# SPDX-License-Identifier: MIT
# Install rules: headers, the library and its symlinks, carcassonne.pc and the
# CMake package (carcassonneConfig.cmake, carcassonneConfigVersion.cmake,
# carcassonneTargets.cmake with namespace carcassonne::), and the licence
# (LICENSE in the documentation directory).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CARC_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/carcassonne")
set(CARC_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/carcassonne"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT dev
        FILES_MATCHING PATTERN "*.h")

set(_carc_install_targets carcassonne)
if(TARGET carcassonne_static)
  list(APPEND _carc_install_targets carcassonne_static)
endif()
install(TARGETS ${_carc_install_targets}
        EXPORT carcassonneTargets
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT runtime NAMELINK_COMPONENT dev
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT runtime)

install(EXPORT carcassonneTargets
        NAMESPACE carcassonne::
        FILE carcassonneTargets.cmake
        DESTINATION "${CARC_INSTALL_CMAKEDIR}"
        COMPONENT dev)

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/carcassonneConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/carcassonneConfig.cmake"
  INSTALL_DESTINATION "${CARC_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/carcassonneConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY ${CARC_VERSION_COMPATIBILITY})
install(FILES "${PROJECT_BINARY_DIR}/carcassonneConfig.cmake"
              "${PROJECT_BINARY_DIR}/carcassonneConfigVersion.cmake"
        DESTINATION "${CARC_INSTALL_CMAKEDIR}"
        COMPONENT dev)

# The licence travels with the library (MIT: the notice must be kept with
# every copy).
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        COMPONENT runtime)

# pkg-config. The prefix is the one given at install time
# (`cmake --install build --prefix P` or CMAKE_INSTALL_PREFIX), so the file is
# written in two steps: everything else now, the prefix when installing.
if(CARC_HAVE_LIBM)
  set(CARC_PC_LIBS_PRIVATE "-lm")
else()
  set(CARC_PC_LIBS_PRIVATE "")
endif()
foreach(_carc_kind IN ITEMS LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${_carc_kind}}")
    set(CARC_PC_${_carc_kind} "${CMAKE_INSTALL_${_carc_kind}}")
  else()
    set(CARC_PC_${_carc_kind} "\${prefix}/${CMAKE_INSTALL_${_carc_kind}}")
  endif()
endforeach()
set(CARC_PC_PREFIX "@CARC_PC_PREFIX@")   # kept for the install-time step
configure_file("${PROJECT_SOURCE_DIR}/cmake/carcassonne.pc.in"
               "${PROJECT_BINARY_DIR}/carcassonne.pc.in" @ONLY)
install(CODE "
  set(CARC_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/carcassonne.pc.in\"
                 \"${PROJECT_BINARY_DIR}/carcassonne.pc\" @ONLY)
" COMPONENT dev)
install(FILES "${PROJECT_BINARY_DIR}/carcassonne.pc"
        DESTINATION "${CARC_INSTALL_PKGCONFIGDIR}"
        COMPONENT dev)
