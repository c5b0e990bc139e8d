# Configures and builds an out-of-tree project against the staging prefix
# only, in a fresh build folder.
# -DSOURCE= -DBINARY= -DSTAGING= -DGENERATOR= -DCXX= -DC= [-DEXTRA=<;-list>]
file(REMOVE_RECURSE "${BINARY}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}"
          "-DCMAKE_PREFIX_PATH=${STAGING}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_C_COMPILER=${C}"
          -DCMAKE_COMPILE_WARNING_AS_ERROR=ON ${EXTRA}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} failed (${status}):\n${out}\n${err}")
endif()
# The package must come from the staging prefix, never from the source tree.
string(FIND "${out}" "from ${STAGING}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "grk was not found in ${STAGING}:\n${out}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY}" --parallel 2
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} failed (${status}):\n${out}\n${err}")
endif()
