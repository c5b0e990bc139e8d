# find_package(grk 2) against an SDK 1 prefix fails, and says why.
# -DSOURCE= -DBINARY= -DSTAGING= -DGENERATOR= -DVERSION=
file(REMOVE_RECURSE "${BINARY}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${STAGING}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "find_package(grk 2) succeeded against SDK ${VERSION}:\n${out}")
endif()
# CMake wraps the message; compare with runs of blanks folded.
string(REGEX REPLACE "[ \n]+" " " err "${err}")
foreach(want "compatible with requested version \"2\"" "grkConfig.cmake, version: ${VERSION}")
  string(FIND "${err}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the failure does not say: ${want}\n${err}")
  endif()
endforeach()
