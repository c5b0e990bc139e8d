# Warnings are errors in our own code (docs/design.md §7.6). Third-party plugin authors
# do not get this: it is not part of the installed package.
#
# Clang's -Wpedantic refuses BOOST_DESCRIBE_STRUCT(T, (), (...)): Boost.Describe
# passes the empty base list on as an empty variadic argument, which C++17 does
# not allow and every compiler accepts (grk/json/described.hpp). GCC says nothing.
function(grk_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
    $<$<CXX_COMPILER_ID:Clang,AppleClang>:-Wno-gnu-zero-variadic-macro-arguments>)
endfunction()
