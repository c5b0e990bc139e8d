# grk_add_plugin(<target> SOURCES <src>... [LINK_LIBRARIES <lib>...]
#                [OUTPUT_DIRECTORY <dir>] [NO_INSTALL])
#
# Builds a grk plugin module the way every plugin must be built, in tree or
# out of tree: a MODULE library with hidden visibility, a version script that
# exports only the grk entry symbol, and -z defs so an unresolved symbol is a
# build error rather than a load error. The file is <target>.so (no "lib"
# prefix), installed to lib/grk/plugins where the host looks by default.
function(grk_add_plugin target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_INSTALL" "OUTPUT_DIRECTORY" "SOURCES;LINK_LIBRARIES")
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "grk_add_plugin(${target}): SOURCES is required")
  endif()
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
  # The map sits next to this file, wherever the package is installed.
  set(_GRK_PLUGIN_MAP "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/grk_plugin.map")
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${_GRK_PLUGIN_MAP}" "LINKER:-z,defs")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${_GRK_PLUGIN_MAP}")
  endif()
  if(NOT arg_NO_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/grk/plugins)
  endif()
endfunction()
