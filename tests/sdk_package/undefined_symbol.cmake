# Building a module with an unresolved symbol fails at link time (-z defs).
# -DSOURCE= -DBINARY= -DSTAGING= -DGENERATOR= -DC= -DCXX=
file(REMOVE_RECURSE "${BINARY}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${STAGING}"
          "-DCMAKE_C_COMPILER=${C}" "-DCMAKE_CXX_COMPILER=${CXX}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring failed (${status}):\n${out}\n${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "a module with an undefined symbol linked:\n${out}")
endif()
string(FIND "${out}${err}" "undefined reference to `grk_test_missing_function'" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the link failed for another reason:\n${out}\n${err}")
endif()
