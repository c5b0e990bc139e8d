# grk_add_plugin(<target> SOURCES <src>... [LINK_LIBRARIES <lib>...]
#                [OUTPUT_DIRECTORY <dir>] [NO_INSTALL])
#
# Builds a grk plugin module the way every plugin must be built, in tree or
# out of tree: a MODULE library with hidden visibility, a version script that
# exports only the grk entry symbol, and -z defs so an unresolved symbol is a
# build error rather than a load error. The file is <target>.so (no "lib"
# prefix), installed to ${GRK_PLUGIN_INSTALL_DIR} (default lib/grk/plugins)
# under the install prefix, which is where an installed grk-eval looks when
# both share a prefix.
#
# This file is the same in the source tree and in the installed package
# (lib/cmake/grk/); the version script is found next to it either way.
include_guard(GLOBAL)

# Fixed rather than ${CMAKE_INSTALL_LIBDIR}/grk/plugins: the host looks in
# <bin>/../lib/grk/plugins, and LIBDIR is lib/<multiarch> under /usr on Debian.
set(GRK_PLUGIN_INSTALL_DIR "lib/grk/plugins" CACHE STRING
    "Where grk_add_plugin installs plugin modules, relative to the install prefix")

function(grk_add_plugin target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_INSTALL" "OUTPUT_DIRECTORY" "SOURCES;LINK_LIBRARIES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "grk_add_plugin(${target}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "grk_add_plugin(${target}): SOURCES is required")
  endif()
  if(NOT TARGET grk::sdk)
    message(FATAL_ERROR "grk_add_plugin(${target}): target grk::sdk is missing; "
                        "call find_package(grk 1 CONFIG REQUIRED) first")
  endif()
  # Read at call time, so the map is the copy next to this file wherever the
  # function was included from (source tree or installed package).
  set(map "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/grk_plugin.map")

  add_library(${target} MODULE ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE grk::sdk ${arg_LINK_LIBRARIES})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(arg_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${arg_OUTPUT_DIRECTORY}")
  elseif(DEFINED GRK_PLUGIN_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${GRK_PLUGIN_OUTPUT_DIRECTORY}")
  endif()
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${map}" "LINKER:-z,defs")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${map}")
  endif()
  if(NOT arg_NO_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION "${GRK_PLUGIN_INSTALL_DIR}")
  endif()
endfunction()
