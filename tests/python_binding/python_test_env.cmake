# grk_python_test_environment(<out-var>): the environment a python3 test needs
# to load this build's plugin modules with ctypes. In a sanitizer build the
# modules need the ASan runtime loaded first, and CPython's own allocations
# would drown the leak report. The grk-eval a test starts keeps no probe
# cache: a test does not write the user's (~/.cache/grk-eval), which every
# later run of theirs would read.
include_guard(DIRECTORY)
find_package(Python3 3.8 COMPONENTS Interpreter REQUIRED)

function(grk_python_test_environment out)
  set(env "GRK_SOURCE_DIR=${PROJECT_SOURCE_DIR}" "GRK_BINARY_DIR=${PROJECT_BINARY_DIR}"
          "PYTHONDONTWRITEBYTECODE=1" "GRK_PROBE_CACHE=off")
  if("${CMAKE_CXX_FLAGS} ${CMAKE_C_FLAGS}" MATCHES "-fsanitize=[^ ]*address")
    # libstdc++ too: ASan's __cxa_throw interceptor binds when it starts, and
    # CPython only loads libstdc++ later, with the first C++ module.
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
                    OUTPUT_VARIABLE asan OUTPUT_STRIP_TRAILING_WHITESPACE)
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.so
                    OUTPUT_VARIABLE libstdcxx OUTPUT_STRIP_TRAILING_WHITESPACE)
    list(APPEND env "LD_PRELOAD=${asan} ${libstdcxx}" "ASAN_OPTIONS=detect_leaks=0")
  endif()
  set(${out} "${env}" PARENT_SCOPE)
endfunction()
